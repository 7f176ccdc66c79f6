/// A virtual clock that plays (`clock play`): its time passes in step with real time, at a
/// speed, from an anchor, the moment it last started or changed speed. Pure arithmetic on
/// durations, so a test gives it the real times.
package struct Playback: Equatable {
    /// How fast virtual time passes against real time: `clock speed 0.5|1|2`.
    package enum Speed: String, CaseIterable {
        case half = "0.5"
        case normal = "1"
        case double = "2"

        /// Virtual time per two units of real time: exact, so a transcript never depends on a
        /// floating-point product.
        var halves: Int64 {
            switch self {
            case .half: 1
            case .normal: 2
            case .double: 4
            }
        }
    }

    let speed: Speed
    /// Real time (since any fixed origin) and virtual time at the anchor.
    let real: Duration
    let virtual: Duration

    /// The virtual time at real time `now`, in whole milliseconds: a command typed at any moment
    /// starts on a millisecond, so a saved lesson's `wait 3417ms` brings it back exactly.
    func virtualTime(atReal now: Duration) -> Duration {
        let passed = max(now - real, .zero).wholeMilliseconds * speed.halves / 2
        return .milliseconds(virtual.wholeMilliseconds + passed)
    }

    /// How much real time passes until virtual time reaches `target` (zero if it has).
    func realTime(until target: Duration, atReal now: Duration) -> Duration {
        let left = target - virtualTime(atReal: now)
        guard left > .zero else { return .zero }
        // Rounded up, so the clock is never woken before the time it waits for.
        let nanoseconds = (left / .nanoseconds(1)) * 2
        return .nanoseconds(Int64((nanoseconds / Double(speed.halves)).rounded(.up)))
    }
}
