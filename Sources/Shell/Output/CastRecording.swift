/// The session as a terminal showed it, for `export cast`: every text written, with its time,
/// and a marker at each command and each line of narration, as asciicast v2 has them (asciinema
/// and its web player show the markers as chapters).
///
/// Time is the session's clock (the virtual time under `--virtual-clock`) plus a beat of
/// `beat` at each marker, so a scripted lesson, whose commands take no clock time, plays at a
/// pace a class can read; players shorten long pauses to the header's `idle_time_limit`. A
/// rewind (`goto`, `undo`, `--step`'s `b`) starts a new clock near 0: the offset then grows by
/// what the clock went back, so the recording's time never runs backwards.
package struct CastRecording {
    package enum Kind: String {
        case output = "o"
        case marker = "m"
    }

    package struct Event {
        package let time: Duration
        package let kind: Kind
        package var text: String
    }

    static let beat = Duration.seconds(1)
    /// The text kept at most; the oldest events go first, as the transcript's record does.
    static let characterLimit = 1 << 20

    package private(set) var events: [Event] = []
    /// A beat for each marker so far, and what the clock went back at each rewind.
    private var offset = Duration.zero
    /// The time of the latest event, kept or dropped: no later event comes before it.
    private var latest = Duration.zero
    private var characters = 0

    /// Text written at clock time `now`.
    mutating func output(_ text: String, at now: Duration) {
        guard !text.isEmpty else { return }
        let time = recordingTime(at: now)
        // Text written at one moment is one event.
        if let last = events.last, last.kind == .output, last.time == time {
            events[events.count - 1].text += text
        } else {
            events.append(Event(time: time, kind: .output, text: text))
        }
        count(text)
    }

    /// A chapter: a beat passes, then the marker named `label`.
    mutating func marker(_ label: String, at now: Duration) {
        events.append(Event(time: recordingTime(at: now, after: Self.beat), kind: .marker, text: label))
        count(label)
    }

    /// Clock time `now` on the recording's time line, plus `beat`: never before the latest event,
    /// since the offset takes up what the clock went back.
    private mutating func recordingTime(at now: Duration, after beat: Duration = .zero) -> Duration {
        if now + offset < latest { offset = latest - now }
        offset += beat
        latest = now + offset
        return latest
    }

    private mutating func count(_ text: String) {
        characters += text.utf8.count
        guard characters > Self.characterLimit else { return }
        let dropped = events.count / 4
        characters -= events.prefix(dropped).reduce(0) { $0 + $1.text.utf8.count }
        events.removeFirst(dropped)
    }
}
