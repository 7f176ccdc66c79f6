import Synchronization

/// How often each key did something lately (a page's id opened the feed, a connection from a
/// client's address ended): past `most` in `window` it is a page reconnecting in a loop, refused
/// at the upgrade, before the history is sent to it again.
final class Rejoins: Sendable {
    private let times = Mutex<[String: [ContinuousClock.Instant]]>([:])
    private let most: Int
    private let window: Duration
    /// The most keys remembered: past it, those not seen within the window are forgotten.
    private static let remembered = 10_000

    init(most: Int, window: Duration) {
        (self.most, self.window) = (most, window)
    }

    /// Counts one opening of the feed by `key` (nil: none to count); false when it is one too many.
    func allows(_ key: String?, at now: ContinuousClock.Instant = .now) -> Bool {
        recent(key, at: now) { mine in
            guard mine.count < most else { return false }
            mine.append(now)
            return true
        }
    }

    /// False when `key` already has `most` in the window; counts nothing.
    func isUnder(_ key: String?, at now: ContinuousClock.Instant = .now) -> Bool {
        recent(key, at: now) { $0.count < most }
    }

    /// Counts one for `key`, however many it has (a connection that ended).
    func note(_ key: String?, at now: ContinuousClock.Instant = .now) {
        _ = recent(key, at: now) { mine in
            mine.append(now)
            return true
        }
    }

    /// `body` on `key`'s times within the window, kept as it leaves them; true for no key.
    private func recent(
        _ key: String?, at now: ContinuousClock.Instant, _ body: (inout [ContinuousClock.Instant]) -> Bool
    ) -> Bool {
        guard let key else { return true }
        let window = self.window
        return times.withLock { times in
            if times.count >= Self.remembered {
                times = times.filter { now - ($0.value.last ?? now) < window }
            }
            var mine = times[key, default: []].filter { now - $0 < window }
            let answer = body(&mine)
            times[key] = mine
            return answer
        }
    }
}
