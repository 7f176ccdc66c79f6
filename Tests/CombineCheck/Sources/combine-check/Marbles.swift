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
        let play = Play(downstream: AnySubscriber(subscriber))
        subscriber.receive(subscription: play)
        let scheduler = DispatchQueue.main
        for (time, mark) in marks {
            if time == 0 {
                play.deliver(mark)
            } else {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(time))) { play.deliver(mark) }
            }
        }
    }

    /// One subscription's run: what comes before the subscriber asks for it waits, in order, as a
    /// recorded publisher's values do.
    private final class Play: Subscription {
        private var downstream: AnySubscriber<Output, any Error>?
        private var demand = Subscribers.Demand.none
        private var waiting: [Mark] = []
        let combineIdentifier = CombineIdentifier()

        init(downstream: AnySubscriber<Output, any Error>) { self.downstream = downstream }

        func deliver(_ mark: Mark) {
            waiting.append(mark)
            flush()
        }

        private func flush() {
            while let downstream, let mark = waiting.first {
                switch mark {
                case .value(let value):
                    guard demand > 0 else { return }
                    waiting.removeFirst()
                    demand -= 1
                    demand += downstream.receive(value)
                case .finished, .failed:
                    self.downstream = nil
                    downstream.receive(completion: mark.isFinished ? .finished : .failure(MarbleError()))
                }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            flush()
        }

        func cancel() { downstream = nil }
    }
}

extension Marbles.Mark {
    var isFinished: Bool { if case .finished = self { true } else { false } }
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

/// A value as the playground prints it: a pair, or a batch (a RACTuple there), as (a, b), text
/// without quotes.
func shown(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple || mirror.displayStyle == .collection else { return "\(value)" }
    return "(" + mirror.children.map { shown($0.value) }.joined(separator: ", ") + ")"
}
