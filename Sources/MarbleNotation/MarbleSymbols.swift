/// The one-character symbol of each distinct value of a diagram, the same on every lane, taken
/// from the value and never from a lane's name:
/// - `true` and `false` are `t` and `f`;
/// - a value that is one character is drawn as itself (`a` is the value "a" on every lane),
///   unless that character is a mark of the notation (`-`, `|`, `(`, …) or `t` or `f`;
/// - any other value takes the first free of its own letters, lower then upper case, else a spare
///   symbol (Greek first: `α`), never the character of a value drawn as itself and never a digit:
///   a digit reads as that number (`1` for `417/20` would say the value was 1).
/// So a symbol listed in the key stands for its value, and one not listed is the value itself:
/// the key lists only the values not drawn as themselves.
public struct MarbleSymbols: Sendable {
    /// Symbols that mean something else in the notation, or only booleans may use.
    static let reserved: Set<Character> = ["-", "|", "#", "!", "(", ")", " ", "^", "t", "f", "+", "'", "\"", "?"]
    /// The spare symbols, in the order tried once a value's own letters are taken: Greek first,
    /// so a stand-in does not look like one of the app's values (words, numbers); then the rest.
    static let fallback: [Character] = {
        let ascii = "abcdeghijklmnopqrsuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ*=@$%&~<>/\\:;.,_"
        let greek = (0x3B1...0x3C9).compactMap(Unicode.Scalar.init).map(Character.init)
        let letters =
            (0x410...0x44F).compactMap(Unicode.Scalar.init).map(Character.init)  // Cyrillic
            + (0xC0...0xFF).compactMap(Unicode.Scalar.init).map(Character.init)  // Latin-1 letters
            + (0x100...0x24F).compactMap(Unicode.Scalar.init).map(Character.init)  // Latin Extended-A and B
        let all = greek + Array(ascii) + letters
        return all.filter { !["\u{3C2}", "\u{D7}", "\u{F7}"].contains($0) }
    }()

    /// Value and symbol, in the order the values were assigned.
    public private(set) var entries: [(value: String, symbol: Character)] = []
    private var byValue: [String: Character] = [:]

    /// Gives the booleans and the values drawn as themselves their symbols first, then the other
    /// values lane by lane, each lane's in the order it emitted them.
    public init(lanes: [MarbleLane]) {
        let values = lanes.flatMap(\.values)
        var used: Set<Character> = []
        for value in values where byValue[value] == nil {
            guard let symbol = Self.ownSymbol(value) else { continue }
            used.insert(symbol)
            byValue[value] = symbol
            if value.count > 1 { entries.append((value, symbol)) }
        }
        for value in values where byValue[value] == nil {
            let symbol = Self.candidates(value).first { !used.contains($0) } ?? "?"
            used.insert(symbol)
            byValue[value] = symbol
            entries.append((value, symbol))
        }
    }

    /// The symbol a value has whatever else is drawn: a boolean's letter, or the value itself.
    static func ownSymbol(_ value: String) -> Character? {
        if value == "true" { return "t" }
        if value == "false" { return "f" }
        // Only a character one column wide that prints as itself: no control, combining or wide one.
        guard value.count == 1, let character = value.first, !reserved.contains(character),
            character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0x21...0x7E).contains(scalar.value) || (0xC0...0x52F).contains(scalar.value),
            !(0x300...0x36F).contains(scalar.value)
        else { return nil }
        return character
    }

    /// Whether a value is drawn as itself, so the key need not say what it is.
    public func isItself(_ value: String) -> Bool { value.count == 1 && String(symbol(for: value)) == value }

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

    /// The symbols a value not drawn as itself may take, best first: its letters, lower then upper
    /// case, then the spare ones.
    static func candidates(_ value: String) -> [Character] {
        let letters = value.filter { $0.isASCII && $0.isLetter }
        let own = letters.flatMap { [Character($0.lowercased()), Character($0.uppercased())] }
        return (own + fallback).filter { !reserved.contains($0) }
    }
}
