import Dataflow
import Reactive
import ViewModels

extension EventLog {
    /// The log as "ms: stream what" lines, to compare whole; `prefix` is cut from the front of
    /// the stream names that start with it ("row 1 · ").
    public func lines(dropping prefix: String = "") -> [String] {
        events.map { event in
            let name = event.stream.hasPrefix(prefix) ? String(event.stream.dropFirst(prefix.count)) : event.stream
            let what: String
            switch event.kind {
            case .subscribed: what = "subscribed"
            case .next(let value): what = value
            case .failed(let error): what = "failed \(error)"
            case .completed: what = "completed"
            case .disposed: what = "disposed"
            }
            return "\(Int(event.time / .milliseconds(1))): \(name) \(what)"
        }
    }
}

/// A row's favorites and comments together, as "favorites/comments" with "?" for a count that
/// has not arrived.
@MainActor
public func countsTimeline(_ item: PhotoItemViewModel, on scheduler: VirtualScheduler) -> Timeline<(Int?, Int?)> {
    Timeline(combineLatest(item.favorites.signal, item.comments.signal), on: scheduler) {
        "\($0.0.map(String.init) ?? "?")/\($0.1.map(String.init) ?? "?")"
    }
}

extension EventLog {
    /// The chain of causes of the event numbered `number` (`CauseChain`, as `why` walks it), back
    /// to its command, as "ms: stream what" lines ending with "#N" (the command), each cause
    /// found in `logs` (this one first).
    public func causeChain(of number: Int, alsoIn logs: [EventLog] = [], dropping prefix: String = "") -> [String] {
        let all = [self] + logs
        let chain = CauseChain(from: number) { wanted in all.lazy.compactMap { $0.event(numbered: wanted) }.first }
        let lines = chain.hops.map { event in
            let name = event.stream.hasPrefix(prefix) ? String(event.stream.dropFirst(prefix.count)) : event.stream
            return "\(Int(event.time / .milliseconds(1))): \(name) \(event.kind)"
        }
        return lines + [chain.command.map { "#\($0)" } ?? "no command"]
    }
}
