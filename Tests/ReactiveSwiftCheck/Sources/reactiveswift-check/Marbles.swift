import Foundation
import ReactiveSwift

/// What a marble string stands for in the playground: a cold producer whose every start plays
/// the timetable from its own start, on the virtual clock (marks at 0 at once).
struct Marbles<Value> {
    enum Mark {
        case value(Value)
        case finished
        case failed
    }
    let marks: [(milliseconds: Int, mark: Mark)]

    init(_ marks: [(Int, Mark)]) { self.marks = marks.map { (milliseconds: $0.0, mark: $0.1) } }

    var producer: SignalProducer<Value, Error> {
        SignalProducer { [marks] observer, lifetime in
            let clock = QueueScheduler.main
            for (time, mark) in marks {
                let deliver = {
                    switch mark {
                    case .value(let value): observer.send(value: value)
                    case .finished: observer.sendCompleted()
                    case .failed: observer.send(error: MarbleError())
                    }
                }
                if time == 0 {
                    deliver()
                } else {
                    lifetime += clock.schedule(
                        after: clock.currentDate.addingTimeInterval(Double(time) / 1000), action: deliver)
                }
            }
        }
    }
}

/// A marble string's `#`, with the playground's text for it.
struct MarbleError: Error, CustomStringConvertible {
    var description: String { "marble error" }
}

/// Starts `producer`, runs the clock to `limit` ms and returns each event as "ms: value",
/// "ms: completed", "ms: error" or "ms: interrupted", as the check compares them.
func record<Value, Failure>(_ producer: SignalProducer<Value, Failure>, until limit: Int) -> [String] {
    var lines: [String] = []
    let disposable = producer.start { event in
        let now = QueueScheduler.milliseconds
        switch event {
        case .value(let value): lines.append("\(now): \(shown(value))")
        case .completed: lines.append("\(now): completed")
        case .failed: lines.append("\(now): error")
        case .interrupted: lines.append("\(now): interrupted")
        }
    }
    QueueScheduler.clock.advance(to: Date(timeIntervalSinceReferenceDate: Double(limit) / 1000))
    // What the playground's `dispose all` ends is not an event it shows: ReactiveSwift's interruption is left out.
    let seen = lines
    disposable.dispose()
    return seen
}

/// A value as the playground prints it: a pair as (a, b), a batch (RAC 2's RACTuple) as (a, b, c),
/// an event as next(a), error(x) or completed, text without quotes.
func shown(_ value: Any) -> String {
    if let event = value as? any EventShown { return event.playgroundText }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .tuple, .collection: return "(" + mirror.children.map { shown($0.value) }.joined(separator: ", ") + ")"
    default: return "\(value)"
    }
}

/// A materialized event, shown as the playground's materialize shows it.
protocol EventShown { var playgroundText: String { get } }

extension Signal.Event: EventShown {
    var playgroundText: String {
        switch self {
        case .value(let value): "next(\(shown(value)))"
        case .failed(let error): "error(\(error))"
        case .completed: "completed"
        case .interrupted: "interrupted"
        }
    }
}
