/// Calls per API method: how many started, and how each one ended. What a flow costs is
/// part of what vmsh teaches (`stats`), whichever service answers.
public struct CallCounts: Equatable, Sendable {
    public enum Ending: Sendable {
        case completed
        case failed
        /// Disposed before it answered.
        case cancelled
    }

    public private(set) var started: [String: Int] = [:]
    public private(set) var completed: [String: Int] = [:]
    public private(set) var failed: [String: Int] = [:]
    public private(set) var cancelled: [String: Int] = [:]

    public init() {}

    /// All calls started, of every method.
    public var total: Int { started.values.reduce(0, +) }

    public mutating func start(_ method: String) { started[method, default: 0] += 1 }

    public mutating func end(_ method: String, _ ending: Ending) {
        switch ending {
        case .completed: completed[method, default: 0] += 1
        case .failed: failed[method, default: 0] += 1
        case .cancelled: cancelled[method, default: 0] += 1
        }
    }
}
