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
