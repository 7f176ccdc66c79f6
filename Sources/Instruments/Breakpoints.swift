import Playground
import Reactive
import Shell

/// Reactive breakpoints (`break when NODE EVENT [VALUE]`): each recorded event is matched as it
/// is recorded; a hit is said at once and, while a `wait`, `step` or `continue` runs the virtual
/// clock, stops it there: at the event's time, the time `marbles` draws it at.
@MainActor
package final class Breakpoints {
    /// What a breakpoint watches: every subscription of a stream, or one of them.
    package struct Watch: Equatable {
        /// The stream's text (`delay(1s)` of `row 1`, `map upper` of `m`): every subscription of it,
        /// also a playground operator's later ones, each a stream of its own.
        let stream: String
        /// The number of the one subscription watched, when a lane named it ("delay(1s)#2").
        var subscription: Int?
        /// How the breakpoint names it.
        var shown: String

        init(stream: String, subscription: Int? = nil, shown: String? = nil) {
            self.stream = stream
            self.subscription = subscription
            self.shown = shown ?? stream
        }

        func watches(_ recorded: TraceEvent) -> Bool {
            if let subscription { return recorded.subscription == subscription }
            return recorded.stream == stream || recorded.streamName.first.text == stream
        }
    }

    package struct Breakpoint {
        let number: Int
        let watch: Watch
        /// subscribed, next, error, completed or disposed.
        let event: String
        /// The value a `next` must have, or text an error must hold; nil for any.
        let value: String?
        var hits = 0

        var text: String { "when \(watch.shown) \(event)" + (value.map { " " + $0 } ?? "") }

        func matches(_ recorded: TraceEvent) -> Bool {
            guard watch.watches(recorded) else { return false }
            switch recorded.kind {
            case .subscribed: return event == "subscribed"
            case .next(let shown): return event == "next" && (value == nil || value == shown)
            case .failed(let error): return event == "error" && (value.map { error.contains($0) } ?? true)
            case .completed: return event == "completed"
            case .disposed: return event == "disposed"
            }
        }
    }

    static let events = ["subscribed", "next", "error", "completed", "disposed"]

    private(set) var list: [Breakpoint] = []
    private var nextNumber = 1
    /// The core's waits that a hit stops, and what they go on from.
    let stops: ClockStops
    /// False while `goto` replays commands: hits are counted, never said, and never stop the clock.
    var isActive = true
    private var listening: CompositeDisposable?
    var isListening: Bool { listening != nil }
    /// Says a hit; stops the clock; tells whether it plays at the prompt: set by `listen(to:)`.
    private var hit: (Breakpoint, TraceEvent) -> Void = { _, _ in }
    private var pause: () -> Void = {}
    private var plays: () -> Bool = { false }

    init(stops: ClockStops) { self.stops = stops }

    func add(_ watch: Watch, event: String, value: String?) -> Breakpoint {
        let breakpoint = Breakpoint(number: nextNumber, watch: watch, event: event, value: value)
        nextNumber += 1
        list.append(breakpoint)
        return breakpoint
    }

    /// Forgets every breakpoint and their numbers (`goto` sets them again).
    func reset() {
        list = []
        nextNumber = 1
    }

    /// Removes breakpoint `number`, or all of them; how many went.
    func clear(_ number: Int? = nil) -> Int {
        let before = list.count
        list.removeAll { number == nil || $0.number == number }
        return before - list.count
    }

    /// Watches the events `logs` record from now on (a session's, again after `goto` makes new
    /// ones); `said` tells a hit, `pause` stops the clock, `plays` says whether it plays at the prompt.
    func listen(
        to logs: [EventLog], said: @escaping (Breakpoint, TraceEvent) -> Void, pause: @escaping () -> Void,
        plays: @escaping () -> Bool
    ) {
        listening?.dispose()
        let all = CompositeDisposable()
        for log in logs { all.add(log.live.subscribeNext { [weak self] event in self?.check(event) }) }
        listening = all
        hit = said
        self.pause = pause
        self.plays = plays
    }

    private func check(_ event: TraceEvent) {
        var stopping = stops.stopsAtAnyEvent && isActive
        for index in list.indices where list[index].matches(event) {
            list[index].hits += 1
            guard isActive else { continue }
            stops.stop.lastShown = event.number
            hit(list[index], event)
            stopping = true
        }
        // Only a clock that runs stops: in a wait, step or continue, or playing at the prompt.
        if stopping && (stops.stopsClock || plays()) { pause() }
    }
}
