import OpenCombine

/// What a marble string stands for in the playground: a cold publisher whose every subscription
/// plays the timetable from its own start, on the virtual clock (marks at 0 at once).
struct Marbles<Output>: Publisher {
    typealias Failure = any Error
    enum Mark {
        case value(Output)
        case finished
        case failed
    }
    let marks: [(milliseconds: Int, mark: Mark)]

    init(_ marks: [(Int, Mark)]) { self.marks = marks.map { (milliseconds: $0.0, mark: $0.1) } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
        let subject = PassthroughSubject<Output, any Error>()
        subject.subscribe(subscriber)
        let scheduler = DispatchQueue.main
        for (time, mark) in marks {
            let send = {
                switch mark {
                case .value(let value): subject.send(value)
                case .finished: subject.send(completion: .finished)
                case .failed: subject.send(completion: .failure(MarbleError()))
                }
            }
            if time == 0 {
                send()
            } else {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(time)), send)
            }
        }
    }
}

struct MarbleError: Error {}

/// Subscribes to `publisher`, runs the clock to `limit` ms and returns each event as
/// "ms: value", "ms: completed" or "ms: error", as the check compares them.
func record<P: Publisher>(_ publisher: P, until limit: Int) -> [String] {
    var lines: [String] = []
    let scheduler = DispatchQueue.main
    let subscription = publisher.sink(
        receiveCompletion: { completion in
            switch completion {
            case .finished: lines.append("\(scheduler.now.milliseconds): completed")
            case .failure: lines.append("\(scheduler.now.milliseconds): error")
            }
        },
        receiveValue: { lines.append("\(scheduler.now.milliseconds): \(shown($0))") })
    scheduler.run(until: limit)
    subscription.cancel()
    return lines
}

/// A value as the playground prints it: a pair as (a, b), text without quotes.
func shown(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple else { return "\(value)" }
    return "(" + mirror.children.map { shown($0.value) }.joined(separator: ", ") + ")"
}
