/// What a lane did at one instant.
public struct MarbleEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case value(String)
        case completed
        case failed(String)
        /// Disposed before it ended: the work was cancelled.
        case cancelled

        public var isTerminal: Bool {
            if case .value = self { false } else { true }
        }
    }

    public var time: Duration
    public var kind: Kind

    public init(time: Duration, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
