import Reactive

/// One value in a playground stream: a number, a text, a truth value, a pair (combineLatest, zip)
/// or a named signal (what a signal of signals carries, for switchToLatest).
public enum PlayValue: CustomStringConvertible, Equatable {
    case number(Int)
    case text(String)
    case bool(Bool)
    indirect case pair(PlayValue, PlayValue)
    case signal(name: String, Signal<PlayValue>)
    /// Several values at once (bufferWithTime's RACTuple).
    indirect case tuple([PlayValue])
    /// An event carried as a value (materialize's RACEvent).
    indirect case event(PlayEvent)

    /// The longest text a value keeps; longer ones are cut, so one send cannot flood a lane.
    public static let textLimit = 80

    /// A typed word as a value: digits are a number, true/false a truth value, else text.
    public static func parse(_ word: String) -> PlayValue {
        if let number = Int(word), word.count <= 12 { return .number(number) }
        if word == "true" || word == "false" { return .bool(word == "true") }
        return .text(safe(word))
    }

    /// Text with control characters replaced and its length bounded: it reaches the terminal.
    public static func safe(_ text: String, limit: Int = textLimit) -> String {
        let cleaned = String(
            text.unicodeScalars.map { scalar in
                scalar.value < 0x20 || (0x7f..<0xa0).contains(scalar.value) ? "?" : Character(scalar)
            })
        return cleaned.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .text(let text): text
        case .bool(let bool): "\(bool)"
        case .pair(let first, let second): "(\(first), \(second))"
        case .signal(let name, _): "signal \(name)"
        case .tuple(let values): "(" + values.map(\.description).joined(separator: ", ") + ")"
        case .event(let event): "\(event)"
        }
    }

    public static func == (lhs: PlayValue, rhs: PlayValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.pair(let a1, let a2), .pair(let b1, let b2)): a1 == b1 && a2 == b2
        case (.signal(let a, _), .signal(let b, _)): a == b
        case (.tuple(let a), .tuple(let b)): a == b
        case (.event(let a), .event(let b)): a == b
        default: false
        }
    }
}

/// One event as a value (RACEvent): what materialize sends and dematerialize reads.
public enum PlayEvent: Equatable, CustomStringConvertible {
    case next(PlayValue)
    case error(PlayFailure)
    case completed

    public var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let failure): "error(\(failure))"
        case .completed: "completed"
        }
    }
}

/// Why a playground stream failed: `fail NAME TEXT`, a marble `#`, or a function given the
/// wrong kind of value.
public struct PlayFailure: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = PlayValue.safe(description) }
}
