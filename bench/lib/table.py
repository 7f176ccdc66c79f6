"""The one results table: each figure beside its reference, its target and whether it is met."""
from dataclasses import dataclass, field


@dataclass
class Row:
    figure: str
    measured: str = "n/a"
    reference: str = ""
    ratio: str = ""
    instructions: str = ""
    target: str = ""
    result: str = "n/a"
    notes: list = field(default_factory=list)

    def unavailable(self, why):
        """Marks the figure as not measurable with this binary, saying why."""
        self.measured = "n/a: " + why
        self.result = "n/a"
        return self


def verdict(ok):
    return "met" if ok else "MISSED"


def ms(seconds):
    return "%.1f ms" % (seconds * 1000) if seconds < 1 else "%.2f s" % seconds


def times(ratio):
    return "%.0fx" % ratio if ratio >= 100 else "%.2fx" % ratio


def count(n):
    if n is None:
        return "?"
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return "%.1f%s" % (n / size, unit)
    return str(n)


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(rows, header_lines):
    """The table as Markdown, with the numbered notes under it."""
    out = list(header_lines) + [""]
    out.append("| figure | measured | reference (same run) | ratio | instructions (callgrind) | target | result |")
    out.append("|---|---|---|---|---|---|---|")
    notes = []
    for row in rows:
        marks = ""
        for note in row.notes:
            notes.append(note)
            marks += " [%d]" % len(notes)
        out.append("| " + " | ".join(cell(c) for c in (
            row.figure + marks, row.measured, row.reference, row.ratio, row.instructions, row.target,
            "**MISSED**" if row.result == "MISSED" else row.result)) + " |")
    if notes:
        out.append("")
        for number, note in enumerate(notes, 1):
            out.append("%d. %s" % (number, note))
    return "\n".join(out) + "\n"
