import Reactive

/// The virtual clock as the translated specs use it: a step at a given time, and rxjs's hot
/// marble diagrams, so each case reads as its spec does and every event is asserted with its time.
extension VirtualScheduler {
    /// Runs `action` when the clock reaches `milliseconds` (a time on the clock, not a delay).
    func at(_ milliseconds: Int, _ action: @escaping () -> Void) {
        schedule(after: .milliseconds(milliseconds) - now, action)
    }

    /// A hot signal that plays `diagram` as rxjs's `hot()` does, from time zero: each character
    /// is one frame of `frame` milliseconds; a letter sends itself, `|` completes, `#` fails
    /// with `TestError`, `(ab)` sends its members at the frame of `(`, spaces are ignored;
    /// `^` marks time zero, and what comes before it is sent before anyone subscribes, so is lost.
    func hotMarbles(_ diagram: String, frame: Int = 10) -> Signal<String> {
        let subject = Subject<String>()
        let frames = diagram.filter { $0 != " " }
        let origin = frames.firstIndex(of: "^").map { frames.distance(from: frames.startIndex, to: $0) } ?? 0
        var index = 0
        var groupStart: Int?
        for character in frames {
            let time = ((groupStart ?? index) - origin) * frame
            defer { index += 1 }
            guard time >= 0 else { continue }
            switch character {
            case "(": groupStart = index
            case ")": groupStart = nil
            case "-", "^": break
            case "|": at(time) { subject.sendCompleted() }
            case "#": at(time) { subject.send(error: TestError()) }
            default: at(time) { subject.send(String(character)) }
            }
        }
        return subject.signal
    }
}
