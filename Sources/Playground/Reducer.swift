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
