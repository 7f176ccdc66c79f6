/// The values, functions, tests and reducers of the playground as each language writes them.
extension CodeWriter {
    static func objc(_ value: PlayValue) -> String {
        switch value {
        // The extremes a max or min starts from are named: their literals overflow a C integer.
        case .number(let number) where number == .min: "@(NSIntegerMin)"
        case .number(let number) where number == .max: "@(NSIntegerMax)"
        case .number(let number): "@\(number)"
        case .bool(let bool): bool ? "@(YES)" : "@(NO)"
        case .text(let text): "@\"\(escaped(text))\""
        default: "@\"\(escaped(value.description))\""
        }
    }

    static func swift(_ value: PlayValue) -> String {
        switch value {
        case .number(let number): "\(number)"
        case .bool(let bool): "\(bool)"
        case .text(let text): "\"\(escaped(text))\""
        default: "\"\(escaped(value.description))\""
        }
    }

    /// A text safe inside a string literal of either language.
    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { escaped, character in
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
    }

    static func objc(_ function: ValueFunction) -> String {
        switch function {
        case .length: "@([value length])"
        case .upper: "[value uppercaseString]"
        case .lower: "[value lowercaseString]"
        case .not: "@(![value boolValue])"
        case .and: "@([value[0] boolValue] && [value[1] boolValue])"
        case .or: "@([value[0] boolValue] || [value[1] boolValue])"
        case .first: "value[0]"
        case .second: "value[1]"
        case .times(let n): "@([value integerValue] * \(n))"
        case .plus(let n): "@([value integerValue] + \(n))"
        case .minus(let n): "@([value integerValue] - \(n))"
        case .test(let test): "@(\(objc(test)))"
        }
    }

    static func swift(_ function: ValueFunction) -> String {
        switch function {
        case .length: "$0.count"
        case .upper: "$0.uppercased()"
        case .lower: "$0.lowercased()"
        case .not: "!$0"
        case .and: "$0.0 && $0.1"
        case .or: "$0.0 || $0.1"
        case .first: "$0.0"
        case .second: "$0.1"
        case .times(let n): "$0 * \(n)"
        case .plus(let n): "$0 + \(n)"
        case .minus(let n): "$0 - \(n)"
        case .test(let test): swift(test)
        }
    }

    static func objc(_ test: Predicate) -> String {
        switch test {
        case .even: "[value integerValue] % 2 == 0"
        case .odd: "[value integerValue] % 2 != 0"
        case .isTrue: "[value boolValue]"
        case .isFalse: "![value boolValue]"
        case .nonempty: "[value length] > 0"
        case .greater(let n): "[value integerValue] > \(n)"
        case .less(let n): "[value integerValue] < \(n)"
        case .atLeast(let n): "[value integerValue] >= \(n)"
        case .atMost(let n): "[value integerValue] <= \(n)"
        case .equal(let wanted): "[value isEqual:\(objc(wanted))]"
        case .notEqual(let unwanted): "![value isEqual:\(objc(unwanted))]"
        }
    }

    static func swift(_ test: Predicate) -> String {
        switch test {
        case .even: "$0 % 2 == 0"
        case .odd: "$0 % 2 != 0"
        case .isTrue: "$0"
        case .isFalse: "!$0"
        case .nonempty: "!$0.isEmpty"
        case .greater(let n): "$0 > \(n)"
        case .less(let n): "$0 < \(n)"
        case .atLeast(let n): "$0 >= \(n)"
        case .atMost(let n): "$0 <= \(n)"
        case .equal(let wanted): "$0 == \(swift(wanted))"
        case .notEqual(let unwanted): "$0 != \(swift(unwanted))"
        }
    }

    static func objc(_ reducer: Reducer) -> String {
        switch reducer {
        case .sum: "@([total integerValue] + [value integerValue])"
        case .product: "@([total integerValue] * [value integerValue])"
        case .count: "@([total integerValue] + 1)"
        case .max: "@(MAX([total integerValue], [value integerValue]))"
        case .min: "@(MIN([total integerValue], [value integerValue]))"
        case .concat: "[total stringByAppendingString:[value description]]"
        }
    }

    static func swift(_ reducer: Reducer) -> String {
        switch reducer {
        case .sum: "$0 + $1"
        case .product: "$0 * $1"
        // Swift's closures take every argument they are given: the value is named, and ignored.
        case .count: "total, _ in total + 1"
        case .max: "max($0, $1)"
        case .min: "min($0, $1)"
        case .concat: "$0 + String(describing: $1)"
        }
    }
}
