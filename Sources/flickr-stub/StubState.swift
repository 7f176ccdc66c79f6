import Foundation
import PhotoCatalog
import SeededRandom
import Synchronization

/// Everything the connection threads share: the faults, the call counts and each key's calls
/// in the last hour. One lock; every method holds it only briefly.
final class StubState: Sendable {
    /// Counts of one API method.
    struct Counts: Sendable {
        var started = 0
        /// Answers sent in full, errors included.
        var completed = 0
        /// Of the completed, those that were an error (stat fail, HTTP 500, 429).
        var failed = 0
        /// The client hung up before the answer was sent.
        var cancelled = 0
    }

    /// The fault decision for one call, taken when it starts.
    struct Plan: Sendable {
        var faults: Faults
        /// Drawn from the error rate.
        var randomFailure: Bool
    }

    private struct Inner {
        var faults: Faults
        var budget: Int
        var random: SplitMix64
        var counts: [String: Counts] = [:]
        var calls: [String: [ContinuousClock.Instant]] = [:]
        var lastActivity = ContinuousClock.now
        /// REST calls between start and finish, and the most there ever were at once.
        var inFlight = 0
        var peakInFlight = 0
        /// Requests that reached the misbehaving port by following a redirect.
        var redirectsFollowed = 0
    }

    static let budgetWindow: Duration = .seconds(3600)

    /// The accepted keys, in the order given; stats name them key1, key2... never by value.
    let keys: [String]
    private let initialFaults: Faults
    private let initialBudget: Int
    private let seed: UInt64
    private let inner: Mutex<Inner>

    init(keys: [String], faults: Faults, budget: Int, seed: UInt64) {
        self.keys = keys
        initialFaults = faults
        initialBudget = budget
        self.seed = seed
        inner = Mutex(Inner(faults: faults, budget: budget, random: SplitMix64.stream(seed: seed, purpose: 50)))
    }

    var lastActivity: ContinuousClock.Instant { inner.withLock { $0.lastActivity } }

    /// Counts a REST call of `method` as started and decides its faults; a limited run of
    /// faults (`times`) is used up here.
    func start(_ method: String) -> Plan {
        inner.withLock { state in
            state.lastActivity = .now
            state.counts[method, default: Counts()].started += 1
            state.inFlight += 1
            state.peakInFlight = max(state.peakInFlight, state.inFlight)
            let faults = state.faults
            let randomFailure = faults.errorRate > 0 && state.random.chance(faults.errorRate)
            if faults.isActive, let times = faults.times {
                if times <= 1 {
                    state.faults = Faults()
                    state.faults.legacyNumbers = faults.legacyNumbers
                } else {
                    state.faults.times = times - 1
                }
            }
            return Plan(faults: faults, randomFailure: randomFailure)
        }
    }

    /// Counts how the call ended: sent (maybe an error), or the client hung up first.
    func finish(_ method: String, sent: Bool, failed: Bool) {
        inner.withLock { state in
            state.lastActivity = .now
            state.inFlight -= 1
            if sent {
                state.counts[method, default: Counts()].completed += 1
                if failed { state.counts[method, default: Counts()].failed += 1 }
            } else {
                state.counts[method, default: Counts()].cancelled += 1
            }
        }
    }

    /// Records a call against `key`'s hourly budget; false when the key has used it up.
    func charge(_ key: String) -> Bool {
        inner.withLock { state in
            let now = ContinuousClock.now
            var log = state.calls[key, default: []]
            log.removeAll { now - $0 >= Self.budgetWindow }
            let allowed = log.count < state.budget
            if allowed { log.append(now) }
            state.calls[key] = log
            return allowed
        }
    }

    var budget: Int { inner.withLock { $0.budget } }

    /// Any request at all (admin, the misbehaving port) keeps the stub from its idle exit.
    func touch() { inner.withLock { $0.lastActivity = .now } }

    func countRedirectFollowed() { inner.withLock { $0.redirectsFollowed += 1 } }

    /// Applies `GET /admin?...`: `reset=1` first (faults, counts and budgets back to the start),
    /// then each setting. Returns an error message, or nil.
    func administer(_ query: [String: String]) -> String? {
        inner.withLock { state in
            if let reset = query["reset"], reset == "1" || reset == "true" {
                let inFlight = state.inFlight
                state = Inner(
                    faults: initialFaults, budget: initialBudget, random: SplitMix64.stream(seed: seed, purpose: 50))
                state.inFlight = inFlight
            }
            // All settings or none: a typo in a test must not leave half of its faults applied.
            var faults = state.faults
            var budget = state.budget
            for (name, value) in query.sorted(by: { $0.key < $1.key }) where name != "reset" {
                if name == "budget" {
                    guard let calls = Int(value), calls >= 0 else { return "budget takes calls per hour per key" }
                    budget = calls
                } else if let problem = faults.set(name, value) {
                    return problem
                }
            }
            state.faults = faults
            state.budget = budget
            state.lastActivity = .now
            return nil
        }
    }

    /// The settings, as `GET /admin` returns them.
    var settingsJSON: [String: Any] {
        inner.withLock { state in state.faults.json.merging(["budget": state.budget]) { $1 } }
    }

    /// `GET /admin/stats`: per-method counts and per-key calls in the last hour.
    var statsJSON: [String: Any] {
        inner.withLock { state in
            let now = ContinuousClock.now
            var methods: [String: Any] = [:]
            for (method, counts) in state.counts {
                methods[method] = [
                    "started": counts.started, "completed": counts.completed, "failed": counts.failed,
                    "cancelled": counts.cancelled,
                ]
            }
            var perKey: [String: Any] = [:]
            for (index, key) in keys.enumerated() {
                let calls = state.calls[key, default: []].filter { now - $0 < Self.budgetWindow }.count
                perKey["key\(index + 1)"] = [
                    "calls_last_hour": calls, "budget": state.budget, "remaining": max(0, state.budget - calls),
                ]
            }
            return [
                "methods": methods, "keys": perKey, "peak_in_flight": state.peakInFlight,
                "redirects_followed": state.redirectsFollowed,
            ]
        }
    }
}
