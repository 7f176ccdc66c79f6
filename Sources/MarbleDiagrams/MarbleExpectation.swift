import MarbleNotation
import Reactive
import TerminalText

/// `expect-marbles`: whether a lane did what a marble string says, frame by frame.
public enum MarbleExpectation {
    /// Nil when `lane` emitted exactly the events of `pattern` (values by their symbols in
    /// `symbols`, times in frames after its subscription); otherwise the expected and actual
    /// lanes aligned one above the other, a caret under the first difference, within `width`.
    public static func mismatch(
        _ lane: MarbleLane, symbols: MarbleSymbols, pattern: String,
        frame: Duration = .milliseconds(100), width: Int = 80
    ) throws(MarbleNotation.Failure) -> [String]? {
        let start = lane.start ?? .zero
        let pattern = try MarbleNotation.parse(pattern, frame: frame)
        let wanted = MarbleNotation.frames(pattern, from: .zero, frame: frame) {
            if case .value(let symbol) = $0 { Character(symbol) } else { symbols.character(for: $0) }
        }
        let actual = MarbleNotation.frames(lane.events, from: start, frame: frame) { symbols.character(for: $0) }
        guard wanted != actual else { return nil }
        return aligned(wanted, actual, width: width)
    }

    typealias Frames = [MarbleNotation.Frame]

    /// Both lanes drawn frame by frame, each frame as wide as its wider drawing ("(M|)" is four).
    static func aligned(_ wanted: Frames, _ actual: Frames, width: Int) -> [String] {
        let last = max(wanted.map(\.index).max() ?? 0, actual.map(\.index).max() ?? 0, 0)
        let first = min(wanted.map(\.index).min() ?? 0, actual.map(\.index).min() ?? 0, 0)
        var top = ""
        var bottom = ""
        var caret: Int?
        for index in first...last {
            let up = cell(wanted, index)
            let down = cell(actual, index)
            let size = max(up.text.count, down.text.count)
            if caret == nil, up.text != down.text { caret = top.count }
            top += up.text + String(repeating: up.fill, count: size - up.text.count)
            bottom += down.text + String(repeating: down.fill, count: size - down.text.count)
        }
        let at = caret ?? 0
        let room = max(width - 10, 10)
        let length = max(top.count, bottom.count)
        let begin = length <= room ? 0 : max(0, min(at - room / 2, length - room))
        func window(_ line: String) -> String {
            let padded = Array(line) + Array(repeating: " ", count: length - line.count)
            let part = String(padded[begin..<min(length, begin + room)])
            return (begin > 0 ? "…" + part.dropFirst() : part).sanitizedForTerminal
        }
        return [
            "expected  " + window(top), "actual    " + window(bottom),
            String(repeating: " ", count: 10 + at - begin) + "^",
        ].map(MarbleText.trimmed)
    }

    /// One frame of a lane: its events ("", "t", "(M|)") and what fills it: `-` while alive.
    private static func cell(_ lane: Frames, _ index: Int) -> (text: String, fill: Character) {
        let here = lane.filter { $0.index == index }.map(\.mark)
        let ended = lane.last.map { "|#!".contains($0.mark) && $0.index < index } ?? false
        // A frame that ends the lane is widened with spaces, not time: `!` beside `(b|)` is `!   `.
        let fill: Character = ended || here.contains(where: { "|#!".contains($0) }) ? " " : "-"
        if here.isEmpty { return (String(fill), fill) }
        return (here.count == 1 ? String(here) : "(" + String(here) + ")", fill)
    }
}

extension MarbleExpectation {
    /// `expect-marbles TARGET LANE "pattern"` on recorded events: nil when lane `lane` of the
    /// diagram of `prefix` did what `pattern` says (symbols as `marbles` draws them), else the
    /// aligned lanes. Throws when the pattern is malformed or there is no such lane.
    public static func check(
        _ events: [TraceEvent], prefix: String, lane name: String, pattern: String,
        order: [String] = MarbleDiagram.pipelineOrder, width: Int = 80
    ) throws(MarbleNotation.Failure) -> [String]? {
        let lanes = MarbleRecording.lanes(events, prefix: prefix, order: order)
        return try check(
            lanes, of: prefix, lane: name, pattern: pattern, width: width, none: "nothing recorded for \(prefix)")
    }

    /// The same on lanes already made (a playground signal's): `none` says why there are none.
    public static func check(
        _ lanes: [MarbleLane], of owner: String, lane name: String, pattern: String, width: Int, none: String
    ) throws(MarbleNotation.Failure) -> [String]? {
        guard let lane = lanes.first(where: { $0.name == name }) else {
            let names = lanes.map(\.name).joined(separator: ", ")
            throw MarbleNotation.Failure(
                lanes.isEmpty
                    ? none.sanitizedForTerminal
                    : "no lane '\(name)' in \(owner): its lanes are \(names)".sanitizedForTerminal)
        }
        return try mismatch(lane, symbols: MarbleSymbols(lanes: lanes), pattern: pattern, width: width)
    }
}
