import Reactive

/// A marble string read as a cold signal's timetable: `-` is one step of 100 ms, a letter or
/// digit a value in its step, `|` completed, `#` an error, `(ab|)` several events in one step.
///
/// The same notation `marbles` draws. TerminalViews is to get a shared parser for it; this
/// one is the playground's until the two are merged.
struct MarbleString: Equatable {
    enum Mark: Equatable {
        case value(PlayValue)
        case completed
        case failed
    }

    static let step: Duration = .milliseconds(100)
    static let lengthLimit = 200

    /// Each mark with the step it falls in, in order.
    let marks: [(step: Int, mark: Mark)]

    static func == (lhs: MarbleString, rhs: MarbleString) -> Bool {
        lhs.marks.elementsEqual(rhs.marks) { $0.step == $1.step && $0.mark == $1.mark }
    }

    /// Reads `text`, whose first character is at `column` of the line.
    static func parse(_ text: String, column: Int) throws(PlaygroundError) -> MarbleString {
        guard !text.isEmpty else {
            throw PlaygroundError(at: column, expected: "a marble string such as \"--a--b|\"", found: "\"\"")
        }
        guard text.count <= lengthLimit else {
            throw PlaygroundError("column \(column): the marble string is longer than \(lengthLimit) steps")
        }
        var marks: [(step: Int, mark: Mark)] = []
        var step = 0
        var inGroup = false
        var ended = false
        for (offset, character) in text.enumerated() {
            let at = column + 1 + offset
            if ended && character != ")" {
                throw PlaygroundError(
                    at: at, expected: "nothing after | or # (the signal has ended)", found: "\(character)")
            }
            switch character {
            case "-":
                if inGroup { throw PlaygroundError(at: at, expected: "a value, | or # inside ( )", found: "-") }
                step += 1
            case "(":
                if inGroup { throw PlaygroundError(at: at, expected: "a ) before another (", found: "(") }
                inGroup = true
            case ")":
                guard inGroup else { throw PlaygroundError(at: at, expected: "a ( before )", found: ")") }
                inGroup = false
                step += 1
            case "|", "#":
                marks.append((step, character == "|" ? .completed : .failed))
                ended = true
                if !inGroup { step += 1 }
            case _ where character.isLetter || character.isNumber:
                guard character.isASCII else {
                    throw PlaygroundError(at: at, expected: "an ASCII letter or digit", found: "\(character)")
                }
                marks.append((step, .value(.parse(String(character)))))
                if !inGroup { step += 1 }
            default:
                throw PlaygroundError(at: at, expected: "one of - a-z 0-9 | # ( )", found: "\(character)")
            }
        }
        if inGroup { throw PlaygroundError(at: column + 1 + text.count, expected: ")", found: nil) }
        return MarbleString(marks: marks)
    }

    /// A cold signal: each subscription plays the timetable again from its own start.
    @MainActor
    func signal(on scheduler: any Scheduler) -> Signal<PlayValue> {
        let marks = marks
        return Signal { observer in
            let timers = CompositeDisposable()
            for (step, mark) in marks {
                let event: Event<PlayValue> =
                    switch mark {
                    case .value(let value): .next(value)
                    case .completed: .completed
                    case .failed: .failed(PlayFailure("error"))
                    }
                if step == 0 {
                    observer.send(event)
                } else {
                    timers.add(scheduler.schedule(after: Self.step * step) { observer.send(event) })
                }
            }
            return timers
        }
    }
}
