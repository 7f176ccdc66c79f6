/// The one-character symbol of each distinct value of a diagram, the same on every lane:
/// booleans are `t` and `f`; other values take their initial when it is free.
public struct MarbleSymbols: Sendable {
    /// Symbols that mean something else in the notation, or only booleans may use.
    static let reserved: Set<Character> = ["-", "|", "#", "!", "(", ")", " ", "^", "t", "f", "+", "'", "\"", "?"]
    /// Every symbol available, in the order tried once a value's own letters are taken.
    static let fallback: [Character] = {
        let ascii = "abcdeghijklmnopqrsuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*=@$%&~<>/\\:;.,_"
        let letters =
            (0x3B1...0x3C9).compactMap(Unicode.Scalar.init).map(Character.init)  // Greek
            + (0x410...0x44F).compactMap(Unicode.Scalar.init).map(Character.init)  // Cyrillic
            + (0xC0...0xFF).compactMap(Unicode.Scalar.init).map(Character.init)  // Latin-1 letters
            + (0x100...0x17F).compactMap(Unicode.Scalar.init).map(Character.init)  // Latin Extended-A
        return Array(ascii) + letters.filter { !["\u{3C2}", "\u{D7}", "\u{F7}"].contains($0) }
    }()

    /// Value and symbol, in the order the values were assigned.
    public private(set) var entries: [(value: String, symbol: Character)] = []
    private var byValue: [String: Character] = [:]

    /// Assigns symbols lane by lane, each lane's values in the order it emitted them.
    public init(lanes: [MarbleLane]) {
        var used: Set<Character> = []
        for lane in lanes {
            let values = lane.values
            for value in values where byValue[value] == nil {
                let symbol =
                    Self.candidates(value, lane: lane.name, only: values.count == 1)
                    .first { !used.contains($0) } ?? "?"
                used.insert(symbol)
                byValue[value] = symbol
                entries.append((value, symbol))
            }
        }
    }

    /// The symbol of a value; `?` for a value of no lane given to `init`, or beyond the ~380
    /// distinct values there are symbols for.
    public func symbol(for value: String) -> Character { byValue[value] ?? "?" }

    /// The character of an event: its value's symbol or its terminal mark.
    public func character(for kind: MarbleEvent.Kind) -> Character {
        switch kind {
        case .value(let value): symbol(for: value)
        case .completed: "|"
        case .failed: "#"
        case .cancelled: "!"
        }
    }

    /// The symbols a value may take, best first: a lane with a single value takes the lane's
    /// initial (`M` for metadata), others the value's initial, lower then upper case.
    static func candidates(_ value: String, lane: String, only: Bool) -> [Character] {
        if value == "true" { return ["t"] }
        if value == "false" { return ["f"] }
        let letters = value.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let laneInitial = lane.first { $0.isASCII && $0.isLetter }.map { [Character($0.uppercased())] } ?? []
        var own: [Character] = []
        if let first = letters.first {
            own = [Character(first.lowercased()), Character(first.uppercased())]
        }
        let head = only ? laneInitial + own : own + laneInitial
        let rest = letters.dropFirst().flatMap { [Character($0.lowercased()), Character($0.uppercased())] }
        return (head + rest + fallback).filter { !reserved.contains($0) }
    }
}
