import Reactive

/// The state of the simulated network, so a learner can watch the app cope with failure.
public enum NetworkCondition: Sendable, Equatable, CustomStringConvertible {
    /// Every call succeeds after its latency.
    case online
    /// Every call fails, after its latency, with `ModelError.unreachable("the network is offline")`.
    case offline
    /// Every call takes `extra` longer.
    case slow(extra: Duration)
    /// This percentage of calls (0-100) fail; which ones is decided by the service's seeded generator.
    case flaky(percent: Int)

    public var description: String {
        switch self {
        case .online: "online"
        case .offline: "offline"
        case .slow(let extra): "slow (+\(extra.wholeMilliseconds) ms)"
        case .flaky(let percent): "flaky (\(percent)% of calls fail)"
        }
    }
}

/// A service whose network is simulated, so `net` can take it offline, slow it or make it flaky.
@MainActor
public protocol NetworkSimulating: AnyObject {
    var network: NetworkCondition { get set }
}
