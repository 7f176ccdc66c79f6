import Reactive

/// Marble strings in rxjs's notation, to build test sources and to state what a lane must do:
/// `-` one frame (100 ms), a character a value, `(ab)` several events in ONE frame (unlike rxjs,
/// a group takes one frame, as in the diagrams), `|` completed, `#` error, `!` cancelled, and
/// time literals such as `1s`, `250ms` or `2m` followed by a space. Other spaces are ignored.
/// Frame 0 is the lane's subscription, and nothing may follow `|`, `#` or `!`.
public enum MarbleNotation {
    /// Why a marble string was refused, for a one-line error.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The events a marble string describes, at their times after the subscription; a value's
    /// kind holds its symbol.
    public static func parse(_ marbles: String, frame: Duration = .milliseconds(100)) throws(Failure) -> [MarbleEvent] {
        let characters = Array(marbles)
        var events: [MarbleEvent] = []
        var time = Duration.zero
        var group: Duration?
        var ended = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isNumber, index == 0 || characters[index - 1] == " ",
                let (length, duration) = timeLiteral(characters[index...])
            {
                guard !ended else { throw Failure("nothing may follow the end of a lane: '\(marbles)'") }
                guard group == nil else { throw Failure("no time literal inside a group: '\(marbles)'") }
                time += duration
                index += length
                continue
            }
            index += 1
            switch character {
            case " ": continue
            case ")":
                guard group != nil else { throw Failure("')' without '(' in '\(marbles)'") }
                guard events.last.map({ $0.time == time }) ?? false else {
                    throw Failure("empty group in '\(marbles)'")
                }
                group = nil
                time += frame
                continue
            case _ where ended:
                throw Failure("nothing may follow the end of a lane: '\(marbles)'")
            case "-": time += frame
            case "(":
                guard group == nil else { throw Failure("groups do not nest: '\(marbles)'") }
                group = time
            case "^": throw Failure("'^' is not needed: a pattern starts at the subscription")
            default:
                let kind = kind(of: character)
                events.append(MarbleEvent(time: time, kind: kind))
                ended = kind.isTerminal
                if group == nil { time += frame }
            }
        }
        guard group == nil else { throw Failure("'(' without ')' in '\(marbles)'") }
        return events
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

    /// What a lane did, written in the notation from its subscription: the string
    /// `expect-marbles` would accept for it (dashes to its last event, groups for one frame).
    public static func marbles(
        of lane: MarbleLane, symbols: MarbleSymbols, frame: Duration = .milliseconds(100)
    ) -> String {
        let frames = MarbleExpectation.frames(lane.events, from: lane.start ?? .zero, frame: frame) {
            MarbleGrid.character($0, symbols)
        }
        guard let last = frames.last?.index else { return "" }
        return (0...max(last, 0)).map { index in
            let here = frames.filter { $0.index == index }.map(\.mark)
            return here.isEmpty ? "-" : here.count == 1 ? String(here) : "(" + String(here) + ")"
        }.joined()
    }

    static func kind(of character: Character) -> MarbleEvent.Kind {
        switch character {
        case "|": .completed
        case "#": .failed("error")
        case "!": .cancelled
        default: .value(String(character))
        }
    }

    /// `1s`, `250ms`, `1.5s`, `2m` followed by a space (as in rxjs, so `4s` at the end is two
    /// values): its length and duration.
    static func timeLiteral(_ text: ArraySlice<Character>) -> (Int, Duration)? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let rest = text.dropFirst(number.count)
        let unit = ["ms", "s", "m"].first { unit in
            rest.starts(with: unit) && rest.dropFirst(unit.count).first == " "
        }
        guard let unit, let value = Double(String(number)), value.isFinite, value < 1e9 else { return nil }
        let scale: Double = unit == "ms" ? 1 : unit == "s" ? 1000 : 60_000
        return (number.count + unit.count, .milliseconds(Int64((value * scale).rounded())))
    }
}
