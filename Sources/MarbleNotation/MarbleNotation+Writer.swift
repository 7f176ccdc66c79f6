extension MarbleNotation {
    /// What a lane did, written in the notation from its subscription: the string
    /// `expect-marbles` accepts for it (dashes to its last event, groups for one frame, a time
    /// literal for a wait of two seconds or more).
    public static func marbles(
        of lane: MarbleLane, symbols: MarbleSymbols, frame: Duration = .milliseconds(100)
    ) -> String {
        let frames = frames(lane.events, from: lane.start ?? .zero, frame: frame) { symbols.character(for: $0) }
        guard let last = frames.last?.index else { return "" }
        let cells = (0...max(last, 0)).map { index in
            let here = frames.filter { $0.index == index }.map(\.mark)
            return here.isEmpty ? "-" : here.count == 1 ? String(here) : "(" + String(here) + ")"
        }
        let plain = cells.joined()
        let short = shortened(cells, frame: frame)
        // A literal followed by symbols that read as another literal ("1s ") would mislead the parser.
        let same = (try? parse(short, frame: frame)) == (try? parse(plain, frame: frame))
        return same ? short : plain
    }

    /// The cells with every run of twenty dashes or more written as a time literal: "a 2.9s |".
    static func shortened(_ cells: [String], frame: Duration) -> String {
        var out = ""
        var run = 0
        func flush() {
            if run >= 20 {
                out += (out.isEmpty ? "" : " ") + DurationGrammar.format(frame * run) + " "
            } else {
                out += String(repeating: "-", count: run)
            }
            run = 0
        }
        for cell in cells {
            if cell == "-" {
                run += 1
            } else {
                flush()
                out += cell
            }
        }
        flush()
        return out
    }

    /// An event placed in a frame: which frame after the start, and the character drawn for it.
    public struct Frame: Equatable, Sendable {
        public var index: Int
        public var mark: Character
    }

    /// Events as frames on the grid of frames from time zero, counted from the frame that holds
    /// `start`: a diagram's column is such a frame, so a lane subscribed at 250 ms that hears a
    /// value at 300 ms has it in frame 1, as drawn.
    public static func frames(
        _ events: [MarbleEvent], from start: Duration, frame: Duration, _ mark: (MarbleEvent.Kind) -> Character
    ) -> [Frame] {
        let size = DurationGrammar.milliseconds(frame)
        func index(_ time: Duration) -> Int64 {
            let offset = DurationGrammar.milliseconds(time)
            return offset >= 0 ? offset / size : -((-offset + size - 1) / size)
        }
        return events.map { event in Frame(index: Int(index(event.time) - index(start)), mark: mark(event.kind)) }
    }
}
