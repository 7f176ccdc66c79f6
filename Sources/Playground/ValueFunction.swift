/// The small fixed set of functions `map` takes: no expression language, only these.
enum ValueFunction: Equatable {
    case length, upper, lower, not, and, or, first, second
    case times(Int)
    case plus(Int)
    case minus(Int)
    /// A comparison as a truth value (`map >2`): what a validation makes of a length.
    case test(Predicate)

    static let known = "length, upper, lower, not, and, or, first, second, *N, +N, -N, >N, <N, =V… as true/false"

    static func parse(_ word: String) -> ValueFunction? {
        switch word {
        case "length": return .length
        case "upper": return .upper
        case "lower": return .lower
        case "not": return .not
        case "and": return .and
        case "or": return .or
        case "first": return .first
        case "second": return .second
        default:
            if let comparison = Predicate.parse(word), "<>=!".contains(word.first ?? " ") { return .test(comparison) }
            guard let operand = Int(word.dropFirst()), word.count <= 8 else { return nil }
            switch word.first {
            case "*": return .times(operand)
            case "+": return .plus(operand)
            case "-": return .minus(operand)
            default: return nil
            }
        }
    }

    func apply(_ value: PlayValue) -> Result<PlayValue, PlayFailure> {
        switch (self, value) {
        case (.length, .text(let text)): return .success(.number(text.count))
        case (.upper, .text(let text)): return .success(.text(text.uppercased()))
        case (.lower, .text(let text)): return .success(.text(text.lowercased()))
        case (.not, .bool(let bool)): return .success(.bool(!bool))
        case (.and, .pair(.bool(let a), .bool(let b))): return .success(.bool(a && b))
        case (.or, .pair(.bool(let a), .bool(let b))): return .success(.bool(a || b))
        case (.first, .pair(let a, _)): return .success(a)
        case (.second, .pair(_, let b)): return .success(b)
        // Wrapping arithmetic: a typed number can be large, and an overflow must not stop the shell.
        case (.times(let n), .number(let x)): return .success(.number(x &* n))
        case (.plus(let n), .number(let x)): return .success(.number(x &+ n))
        case (.minus(let n), .number(let x)): return .success(.number(x &- n))
        case (.test(let comparison), _): return comparison.test(value).map { .bool($0) }
        default: return .failure(PlayFailure("map \(self) cannot take \(value)"))
        }
    }
}
