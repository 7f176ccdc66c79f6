/// The small fixed set of functions `map` takes: no expression language, only these.
enum ValueFunction: Equatable {
    case length, upper, lower, not, and, or, first, second
    case times(Int)
    case plus(Int)
    case minus(Int)

    static let known = "length, upper, lower, not, and, or, first, second, *N, +N, -N"

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
        default: return .failure(PlayFailure("map \(self) cannot take \(value)"))
        }
    }
}

/// The tests `filter` takes.
enum Predicate: Equatable {
    case even, odd, isTrue, isFalse, nonempty
    case greater(Int)
    case less(Int)
    case atLeast(Int)
    case atMost(Int)
    case equal(PlayValue)
    case notEqual(PlayValue)

    static let known = "even, odd, true, false, nonempty, >N, <N, >=N, <=N, =V, !=V"

    static func parse(_ word: String) -> Predicate? {
        switch word {
        case "even": return .even
        case "odd": return .odd
        case "true": return .isTrue
        case "false": return .isFalse
        case "nonempty": return .nonempty
        default:
            for (prefix, make) in [
                (">=", Predicate.atLeast), ("<=", Predicate.atMost), (">", Predicate.greater), ("<", Predicate.less),
            ] where word.hasPrefix(prefix) {
                return Int(word.dropFirst(prefix.count)).map(make)
            }
            if word.hasPrefix("!="), word.count > 2 { return .notEqual(.parse(String(word.dropFirst(2)))) }
            if word.hasPrefix("="), word.count > 1 { return .equal(.parse(String(word.dropFirst()))) }
            return nil
        }
    }

    func test(_ value: PlayValue) -> Result<Bool, PlayFailure> {
        switch (self, value) {
        case (.even, .number(let x)): return .success(x % 2 == 0)
        case (.odd, .number(let x)): return .success(x % 2 != 0)
        case (.isTrue, .bool(let bool)): return .success(bool)
        case (.isFalse, .bool(let bool)): return .success(!bool)
        case (.nonempty, .text(let text)): return .success(!text.isEmpty)
        case (.greater(let n), .number(let x)): return .success(x > n)
        case (.less(let n), .number(let x)): return .success(x < n)
        case (.atLeast(let n), .number(let x)): return .success(x >= n)
        case (.atMost(let n), .number(let x)): return .success(x <= n)
        case (.equal(let wanted), _): return .success(value == wanted)
        case (.notEqual(let unwanted), _): return .success(value != unwanted)
        default: return .failure(PlayFailure("filter \(self) cannot take \(value)"))
        }
    }
}

/// How `fold` and `scan` combine values, each with its own start.
enum Reducer: String, Equatable, CaseIterable {
    case sum, product, count, max, min, concat

    static let known = allCases.map(\.rawValue).joined(separator: ", ")

    var start: PlayValue {
        switch self {
        case .sum, .count: .number(0)
        case .product: .number(1)
        case .max: .number(Int.min)
        case .min: .number(Int.max)
        case .concat: .text("")
        }
    }

    func combine(_ total: PlayValue, _ value: PlayValue) -> Result<PlayValue, PlayFailure> {
        switch (self, total, value) {
        case (.count, .number(let n), _): return .success(.number(n &+ 1))
        case (.sum, .number(let a), .number(let b)): return .success(.number(a &+ b))
        case (.product, .number(let a), .number(let b)): return .success(.number(a &* b))
        case (.max, .number(let a), .number(let b)): return .success(.number(Swift.max(a, b)))
        case (.min, .number(let a), .number(let b)): return .success(.number(Swift.min(a, b)))
        case (.concat, .text(let a), _): return .success(.text(PlayValue.safe(a + value.description)))
        default: return .failure(PlayFailure("\(rawValue) cannot take \(value)"))
        }
    }
}
