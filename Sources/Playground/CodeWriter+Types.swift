/// The Swift type of a source's values, as the code declares it (RAC 2's values are ids): the
/// literals' own for a sequence or a behavior subject, or, for a source whose values come later
/// (a subject, empty, never, error, create), what the first step that reads a value takes, so that
/// `e | map *2` is `PassthroughSubject<Int, Error>` and not an `Any` no closure can multiply.
/// Where nothing reads a value (a subject that doNext sends into), `any`: values of any kind,
/// as the library spells it (Any, or any Sendable where Swift 6 sends them between tasks).
extension CodeWriter {
    static func elementType(_ definition: Definition, any: String = "Any") -> String {
        switch definition.source {
        case .sequence(let values): return commonType(values, any: any)
        case .behaviorSubject(let value): return commonType([value], any: any)
        default: break
        }
        for step in definition.steps.map(\.step) {
            if let type = takes(step) { return type }
        }
        return any
    }

    /// One type for all of `values`, or `any` when they differ (which the code then declares).
    private static func commonType(_ values: [PlayValue], any: String) -> String {
        let types = Set(values.map(type))
        return types.count == 1 ? types.first.flatMap { $0 == "Any" ? any : $0 } ?? any : any
    }

    private static func type(_ value: PlayValue) -> String {
        switch value {
        case .number: "Int"
        case .bool: "Bool"
        case .text: "String"
        default: "Any"
        }
    }

    /// The type a step's function, test, reducer or value reads, if it names one.
    private static func takes(_ step: any PlayOperator) -> String? {
        switch step {
        case let map as MapStep: takes(map.function)
        case let filter as FilterStep: takes(filter.test)
        case let skip as SkipWhileStep: takes(skip.test)
        case let reduce as ReduceStep: takes(reduce.reducer)
        case let reduce as ReduceWithStartStep: takes(reduce.reducer)
        case let start as StartWithStep: type(start.value)
        case let ignore as IgnoreStep: type(ignore.ignored)
        default: nil
        }
    }

    private static func takes(_ function: ValueFunction) -> String? {
        switch function {
        case .length, .upper, .lower: "String"
        case .not: "Bool"
        case .times, .plus, .minus: "Int"
        case .test(let test): takes(test)
        case .and, .or, .first, .second: nil
        }
    }

    private static func takes(_ test: Predicate) -> String? {
        switch test {
        case .even, .odd, .greater, .less, .atLeast, .atMost: "Int"
        case .isTrue, .isFalse: "Bool"
        case .nonempty: "String"
        case .equal(let value), .notEqual(let value): type(value)
        }
    }

    private static func takes(_ reducer: Reducer) -> String? {
        switch reducer {
        case .sum, .product, .max, .min: "Int"
        case .concat: "String"
        case .count: nil
        }
    }
}
