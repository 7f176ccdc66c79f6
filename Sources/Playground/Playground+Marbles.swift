extension Playground {
    /// The lanes `marbles NAME` draws for a defined name, in order: its sources and every
    /// operator's output (each with the signals it reads just before it), a subject's sends,
    /// then each subscriber to NAME. Nil when nothing is defined as `name`.
    public func marbleLanes(of name: String) -> [PlayLaneSource]? {
        guard let stage = stage(name) else { return nil }
        var lanes = defined(name)?.recording.lanes ?? commandLane(name)
        switch stage {
        case .subject, .replaySubject:
            lanes.append(.input(stream: InputRecording.sendsStream(name), title: "\(name) sends"))
        default: break
        }
        return lanes
            + self.lanes.filter { $0.source == name }.map { .subscriber(label: $0.label, replayed: $0.replayed) }
    }

    /// `c.executing`'s lane as the command `c` recorded it; none for any other name.
    private func commandLane(_ name: String) -> [PlayLaneSource] {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let recorded = defined(parts[0])?.recording.lanes else { return [] }
        return recorded.filter { if case .input(_, let title) = $0 { title == parts[1] } else { false } }
    }
}
