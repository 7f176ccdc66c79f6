import SessionWire
import Synchronization

/// How often each page, by the word it follows with (`&page=`), opened the feed lately: a page
/// that reconnects in a loop is refused after `ServeLimits.rejoins` in `rejoinWindow`, at the
/// upgrade, before the history is sent to it again. A page that gives no word is not counted here
/// (the class limit and the connection budget bound it).
final class Rejoins: Sendable {
    private let times = Mutex<[String: [ContinuousClock.Instant]]>([:])
    private let most: Int
    private let window: Duration
    /// The most words remembered: past it, those not seen within the window are forgotten.
    private static let remembered = 10_000

    init(_ limits: ServeLimits) {
        (most, window) = (limits.rejoins, limits.rejoinWindow)
    }

    /// Counts one opening of the feed by `page`; false when it is one too many.
    func allows(_ page: String?, at now: ContinuousClock.Instant = .now) -> Bool {
        guard let word = page.flatMap(StudentFrame.pageWord) else { return true }
        let (most, window) = (self.most, self.window)
        return times.withLock { times in
            if times.count >= Self.remembered {
                times = times.filter { now - ($0.value.last ?? now) < window }
            }
            var mine = times[word, default: []].filter { now - $0 < window }
            let allowed = mine.count < most
            if allowed { mine.append(now) }
            times[word] = mine
            return allowed
        }
    }
}
