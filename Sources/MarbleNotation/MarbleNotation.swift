/// Marble strings in rxjs's notation, read the same way for a playground source and for an
/// assertion (as rxjs's TestScheduler reads `cold`, `hot` and `toBe` alike): `-` one frame
/// (100 ms), `(ab)` several events in ONE frame (unlike rxjs, a group takes one frame, as in the
/// diagrams), `|` completed, `#` error, `!` cancelled, any other character a value, spaces
/// ignored, and time literals in `DurationGrammar` (`1s`, `250ms`, `1.5m`) at the start or after
/// a space and followed by a space. Frame 0 is the subscription; nothing may follow `|`, `#` or `!`.
public enum MarbleNotation {
    /// Why a marble string was refused, for a one-line error.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What was wrong, without the string: "expected a ( before ), found ')'".
        public let reason: String
        /// The character of the string it is about, counted from 0; nil for its end.
        public let offset: Int?
        public let description: String

        public init(_ description: String) {
            reason = description
            offset = nil
            self.description = description
        }

        init(_ marbles: String, at offset: Int?, reason: String) {
            self.reason = reason
            self.offset = offset
            let place = offset.map { "character \($0 + 1)" } ?? "its end"
            description = "in the marble string '\(marbles)' at \(place): \(reason)"
        }

        init(_ marbles: String, at offset: Int?, expected: String, found: String?) {
            let what = found.map { "'\($0)'" } ?? "the end of the string"
            self.init(marbles, at: offset, reason: "expected \(expected), found \(what)")
        }
    }

    /// One event of a marble string: its time after the subscription, what it is, and the
    /// character that wrote it (for errors that point at it).
    public struct Mark: Equatable, Sendable {
        public var time: Duration
        public var kind: MarbleEvent.Kind
        public var offset: Int
    }

    static let inGroup = "a value, |, # or ! inside ( )"
    static let afterEnd = "nothing after |, # or ! (the lane has ended)"

    /// The events `marbles` describes, in order, each with where it is written.
    public static func marks(_ marbles: String, frame: Duration = .milliseconds(100)) throws(Failure) -> [Mark] {
        let characters = Array(marbles)
        var marks: [Mark] = []
        var time = Duration.zero
        var group: Int?
        var ended = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isASCII, character.isNumber, index == 0 || characters[index - 1] == " ",
                let length = characters[index...].firstIndex(of: " ").map({ $0 - index })
            {
                let word = String(characters[index..<(index + length)])
                switch DurationGrammar.read(word) {
                case .success(let duration):
                    guard !ended else { throw Failure(marbles, at: index, expected: afterEnd, found: word) }
                    guard group == nil else { throw Failure(marbles, at: index, expected: inGroup, found: word) }
                    time += duration
                    index += length
                    continue
                case .failure(.overLimit):
                    throw Failure(marbles, at: index, expected: DurationGrammar.expectation, found: word)
                case .failure(.notADuration):
                    break  // a value then, as `1-2` or `12 ` are
                }
            }
            let at = index
            index += 1
            switch character {
            case " ": continue
            case ")":
                guard let opened = group else { throw Failure(marbles, at: at, expected: "a ( before )", found: ")") }
                guard marks.last.map({ $0.offset > opened }) ?? false else {
                    throw Failure(marbles, at: at, expected: inGroup, found: ")")
                }
                group = nil
                time += frame
                continue
            case _ where ended:
                throw Failure(marbles, at: at, expected: afterEnd, found: String(character))
            case "-":
                guard group == nil else { throw Failure(marbles, at: at, expected: inGroup, found: "-") }
                time += frame
            case "(":
                guard group == nil else {
                    throw Failure(marbles, at: at, expected: "a ) before another (", found: "(")
                }
                group = at
            case "^":
                throw Failure(marbles, at: at, reason: "'^' is not needed: a marble string starts at the subscription")
            default:
                let kind = kind(of: character)
                marks.append(Mark(time: time, kind: kind, offset: at))
                ended = kind.isTerminal
                if group == nil { time += frame }
            }
        }
        guard group == nil else { throw Failure(marbles, at: nil, expected: "a ) to close the group", found: nil) }
        return marks
    }

    /// The events a marble string describes, at their times after the subscription; a value's
    /// kind holds its symbol.
    public static func parse(_ marbles: String, frame: Duration = .milliseconds(100)) throws(Failure) -> [MarbleEvent] {
        try marks(marbles, frame: frame).map { MarbleEvent(time: $0.time, kind: $0.kind) }
    }

    /// A lane subscribed at `at` that does what `marbles` says, as a test source; `values` gives
    /// the value of a symbol (by default `t` and `f` are the booleans, others stand for themselves).
    public static func lane(
        _ name: String, _ marbles: String, at start: Duration = .zero, frame: Duration = .milliseconds(100),
        values: [String: String] = ["t": "true", "f": "false"]
    ) throws(Failure) -> MarbleLane {
        let events = try parse(marbles, frame: frame).map { event in
            var kind = event.kind
            if case .value(let symbol) = kind { kind = .value(values[symbol] ?? symbol) }
            return MarbleEvent(time: start + event.time, kind: kind)
        }
        return MarbleLane(name: name, subscribed: start, events: events)
    }

    static func kind(of character: Character) -> MarbleEvent.Kind {
        switch character {
        case "|": .completed
        case "#": .failed("error")
        case "!": .cancelled
        default: .value(String(character))
        }
    }
}
