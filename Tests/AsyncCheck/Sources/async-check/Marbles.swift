/// What a marble string stands for in the playground: a cold sequence whose every iteration plays
/// the timetable from its own start, on the check's clock (marks at 0 at once). Without an end
/// mark it never ends.
struct Marbles<Element: Sendable>: AsyncSequence, Sendable {
    enum Mark: Sendable {
        case value(Element)
        case finished
        case failed
    }
    let marks: [(milliseconds: Int, mark: Mark)]

    init(_ marks: [(Int, Mark)]) { self.marks = marks.map { (milliseconds: $0.0, mark: $0.1) } }

    func makeAsyncIterator() -> Iterator {
        // As the playground's source: the marks at 0 sent at once, then the others scheduled, so
        // what those first marks start takes its places first (see Iterator.later).
        let atOnce = marks.prefix { $0.milliseconds == 0 }.count
        return Iterator(marks: marks, start: clock.now, places: atOnce == 0 ? clock.reserve(marks.count + 1) : nil)
    }

    struct Iterator: AsyncIteratorProtocol, Sendable {
        let marks: [(milliseconds: Int, mark: Mark)]
        let start: VirtualClock.Instant
        /// Its later marks' places among sleepers due at one instant, all taken at once.
        var places: Int?
        var index = 0
        var ended = false

        mutating func next() async throws -> Element? {
            guard !ended else { return nil }
            guard index < marks.count else {
                // No end mark: it waits until it is cancelled.
                try await clock.sleep(until: start.advanced(by: .seconds(1_000_000)), id: await later() + index)
                return nil
            }
            let (time, mark) = marks[index]
            index += 1
            if time > 0 {
                try await clock.sleep(until: start.advanced(by: .milliseconds(time)), id: await later() + index - 1)
            }
            switch mark {
            case .value(let value): return value
            case .finished:
                ended = true
                return nil
            case .failed:
                ended = true
                throw MarbleError()
            }
        }

        /// The places of the marks after those at 0, taken once what those started has run.
        private mutating func later() async -> Int {
            if let places { return places }
            await Loop.shared.behind()
            let taken = clock.reserve(marks.count + 1)
            places = taken
            return taken
        }
    }
}

struct MarbleError: Error {}

/// What `record` collects, on the loop's one thread.
final class Lines: @unchecked Sendable {
    var lines: [String] = []
}

/// Iterates `sequence`, runs the clock to `limit` ms and returns each event as "ms: value",
/// "ms: completed" or "ms: error", as the check compares them; then cancels what is left.
func record<S: AsyncSequence & Sendable>(_ sequence: S, until limit: Int) -> [String] where S.Element: Sendable {
    let lines = Lines()
    let task = Task.detached {
        do {
            for try await value in sequence { lines.lines.append("\(clock.now.milliseconds): \(shown(value))") }
            lines.lines.append("\(clock.now.milliseconds): completed")
        } catch {
            lines.lines.append("\(clock.now.milliseconds): error")
        }
    }
    clock.run(until: limit)
    let seen = lines.lines
    task.cancel()
    // What the cancel wakes, background turns included.
    clock.run(until: limit)
    return seen
}

/// A value as the playground prints it: a pair, or a batch (a RACTuple there), as (a, b), text
/// without quotes.
func shown(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple || mirror.displayStyle == .collection else { return "\(value)" }
    return "(" + mirror.children.map { shown($0.value) }.joined(separator: ", ") + ")"
}
