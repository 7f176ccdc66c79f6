import OutputKinds
import TerminalText

/// A lesson page: one self-contained HTML file (no scripts, no links, nothing fetched) a teacher
/// can project and a student can read afterwards. The transcript reads in order: commands,
/// narration set apart from output, long listings folded, and each diagram as a titled figure
/// where it was drawn.
public enum MarblePage {
    /// One diagram of the page.
    public struct Figure: Sendable {
        /// The command that drew it.
        public var caption: String
        /// What it shows: which row, search, pipeline or definition.
        public var title: String
        public var diagram: MarbleDiagram?
        /// A picture drawn elsewhere (a dataflow graph's SVG), shown instead of a diagram.
        public var picture: String?
        /// The transcript lines its text drawing took, numbered from the session's first line: the
        /// figure takes their place. Nil: after the transcript.
        public var lines: Range<Int>?

        public init(caption: String, title: String? = nil, diagram: MarbleDiagram, lines: Range<Int>? = nil) {
            self.caption = caption
            self.title = title ?? caption
            self.diagram = diagram
            self.lines = lines
        }

        /// A figure of a picture drawn elsewhere: an SVG document, its text already made safe.
        public init(caption: String, title: String, picture: String, lines: Range<Int>? = nil) {
            self.caption = caption
            self.title = title
            self.picture = picture
            self.lines = lines
        }
    }

    /// One line of the transcript and what printed it.
    public struct Line: Equatable, Sendable {
        public var kind: LineKind
        public var text: String

        public init(_ kind: LineKind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// Output runs longer than this are folded after their first `shownOfFolded` lines (the
    /// served page's script folds by the same numbers).
    public static let foldAfter = 12, shownOfFolded = 6

    /// The page: `lines` is the transcript from line number `firstLine`; each figure replaces the
    /// lines of its text drawing, and one that repeats an earlier figure becomes a reference to it.
    public static func html(title: String, lines: [Line], firstLine: Int = 0, figures: [Figure]) -> String {
        var body: [String] = []
        var run: [Line] = []
        var drawn: [(svg: String, number: Int)] = []
        func flush() {
            if !run.isEmpty { body.append(block(run)) }
            run = []
        }
        func place(_ figure: Figure) {
            flush()
            let svg = figure.picture ?? figure.diagram.map { MarbleSVG.svg($0, title: figure.title) } ?? ""
            if let earlier = drawn.first(where: { $0.svg == svg }) {
                body.append(
                    "<p class=\"same\">The same diagram as figure \(earlier.number) (" + escape(figure.caption)
                        + ").</p>")
                return
            }
            drawn.append((svg, drawn.count + 1))
            body.append(
                "<figure id=\"figure-\(drawn.count)\">\n<figcaption><span class=\"number\">Figure \(drawn.count).</span> "
                    + escape(figure.title) + " <code>" + escape(figure.caption) + "</code></figcaption>\n" + svg
                    + "</figure>")
        }
        // Figures come in the order they were drawn, so their lines ascend.
        let placed = figures.compactMap { figure in figure.lines.map { (figure, $0) } }
        var next = placed.startIndex
        var skipUntil = firstLine
        for (offset, line) in lines.enumerated() {
            let number = firstLine + offset
            while next < placed.endIndex, placed[next].1.lowerBound <= number {
                place(placed[next].0)
                skipUntil = max(skipUntil, placed[next].1.upperBound)
                next += 1
            }
            guard number >= skipUntil else { continue }
            if let last = run.last, group(last.kind) != group(line.kind) { flush() }
            run.append(line)
        }
        for (figure, _) in placed[next...] { place(figure) }
        for figure in figures where figure.lines == nil { place(figure) }
        flush()
        return document(title: title, body: body)
    }

    /// The whole HTML document around the page's blocks.
    static func document(title: String, body: [String]) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(MarblePageStyle.css)
        </style>
        </head>
        <body>
        <main>
        <h1>\(escape(title))</h1>
        \(body.joined(separator: "\n"))
        </main>
        </body>
        </html>

        """
    }

    /// Which lines share a block: output and errors read together, as they were printed.
    static func group(_ kind: LineKind) -> Int {
        switch kind.shownAs {
        case .command: 0
        case .comment: 1
        case .narration: 2
        default: 3
        }
    }

    /// One block of lines of one group.
    static func block(_ lines: [Line]) -> String {
        switch lines[0].kind.shownAs {
        case .command: return "<pre class=\"command\">" + text(lines) + "</pre>"
        case .comment: return "<pre class=\"comment\">" + text(lines) + "</pre>"
        case .narration:
            return lines.map { "<p class=\"narration\">" + escape($0.text) + "</p>" }.joined(separator: "\n")
        default:
            guard lines.count > foldAfter else { return "<pre class=\"output\">" + text(lines) + "</pre>" }
            let hidden = lines.count - shownOfFolded
            return "<pre class=\"output\">" + text(Array(lines.prefix(shownOfFolded))) + "</pre>\n"
                + "<details><summary>\(hidden) more lines</summary><pre class=\"output\">"
                + text(Array(lines.dropFirst(shownOfFolded))) + "</pre></details>"
        }
    }

    /// Lines as the inside of a `pre`: errors marked, every text sanitised and escaped.
    static func text(_ lines: [Line]) -> String {
        lines.map { $0.kind.isError ? "<span class=\"error\">" + escape($0.text) + "</span>" : escape($0.text) }
            .joined(separator: "\n")
    }

    static func escape(_ text: String) -> String { text.sanitizedForTerminal.xmlEscaped }
}
