import MarbleNotation
import Reactive

/// A marble string read as a cold signal's timetable, by the one `MarbleNotation` parser that
/// `expect-marbles` uses: `-` one step of 100 ms, a letter or digit a value in its step (digits
/// are numbers), `|` completed, `#` an error, `(ab|)` several events in one step, spaces and
/// time literals (`--a 1s b|`) as in an expectation.
struct MarbleString: Equatable {
    enum Mark: Equatable {
        case value(PlayValue)
        case completed
        case failed
    }

    static let step: Duration = .milliseconds(100)
    static let lengthLimit = 200

    /// Each mark with the time after the subscription it falls at, in order.
    let marks: [(time: Duration, mark: Mark)]

    static func == (lhs: MarbleString, rhs: MarbleString) -> Bool {
        lhs.marks.elementsEqual(rhs.marks) { $0.time == $1.time && $0.mark == $1.mark }
    }

    /// Reads `text`, whose opening quote is at `column` of the line (its first character at the next).
    static func parse(_ text: String, column: Int) throws(PlaygroundError) -> MarbleString {
        guard !text.isEmpty else {
            throw PlaygroundError(at: column, expected: "a marble string such as \"--a--b|\"", found: "\"\"")
        }
        guard text.count <= lengthLimit else {
            throw PlaygroundError("column \(column): the marble string is longer than \(lengthLimit) characters")
        }
        let parsed: [MarbleNotation.Mark]
        do {
            parsed = try MarbleNotation.marks(text, frame: step)
        } catch {
            throw PlaygroundError("column \(column + 1 + (error.offset ?? text.count)): \(error.reason)")
        }
        var marks: [(time: Duration, mark: Mark)] = []
        for event in parsed {
            let at = column + 1 + event.offset
            switch event.kind {
            case .value(let symbol):
                guard let character = symbol.first, character.isLetter || character.isNumber else {
                    throw PlaygroundError(
                        at: at, expected: "a value (a-z, 0-9), -, ( ), |, # or a space", found: symbol)
                }
                guard character.isASCII else {
                    throw PlaygroundError(at: at, expected: "an ASCII letter or digit", found: symbol)
                }
                marks.append((event.time, .value(.parse(symbol))))
            case .completed: marks.append((event.time, .completed))
            case .failed: marks.append((event.time, .failed))
            case .cancelled:
                // A source cannot be unsubscribed by its own timetable: that is the subscriber's doing.
                throw PlaygroundError(
                    "column \(at): '!' (cancelled) belongs in expect-marbles; a source ends with | or #")
            }
        }
        return MarbleString(marks: marks)
    }

    /// A cold signal: each subscription plays the timetable again from its own start.
    @MainActor
    func signal(on scheduler: any Scheduler) -> Signal<PlayValue> {
        let marks = marks
        return Signal { observer in
            let timers = CompositeDisposable()
            for (time, mark) in marks {
                let event: Event<PlayValue> =
                    switch mark {
                    case .value(let value): .next(value)
                    case .completed: .completed
                    case .failed: .failed(PlayFailure("error"))
                    }
                if time == .zero {
                    observer.send(event)
                } else {
                    timers.add(scheduler.schedule(after: time) { observer.send(event) })
                }
            }
            return timers
        }
    }
}
