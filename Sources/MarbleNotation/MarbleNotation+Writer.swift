extension MarbleNotation {
    /// What a lane did, written in the notation from its subscription: the string
    /// `expect-marbles` accepts for it (dashes to its last event, groups for one frame).
    public static func marbles(
        of lane: MarbleLane, symbols: MarbleSymbols, frame: Duration = .milliseconds(100)
    ) -> String {
        let frames = frames(lane.events, from: lane.start ?? .zero, frame: frame) { symbols.character(for: $0) }
        guard let last = frames.last?.index else { return "" }
        return (0...max(last, 0)).map { index in
            let here = frames.filter { $0.index == index }.map(\.mark)
            return here.isEmpty ? "-" : here.count == 1 ? String(here) : "(" + String(here) + ")"
        }.joined()
    }

    /// An event placed in a frame: which frame after the start, and the character drawn for it.
    public struct Frame: Equatable, Sendable {
        public var index: Int
        public var mark: Character
    }

    /// Events as frames counted from `start` (negative before it), in order.
    public static func frames(
        _ events: [MarbleEvent], from start: Duration, frame: Duration, _ mark: (MarbleEvent.Kind) -> Character
    ) -> [Frame] {
        events.map { event in
            let offset = DurationGrammar.milliseconds(event.time - start)
            let size = DurationGrammar.milliseconds(frame)
            let index = offset >= 0 ? offset / size : -((-offset + size - 1) / size)
            return Frame(index: Int(index), mark: mark(event.kind))
        }
    }
}
