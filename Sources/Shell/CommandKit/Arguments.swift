/// The parsed arguments of one command line, in the order declared; absent optional ones are nil.
package struct Arguments: Equatable {
    package enum Value: Equatable {
        case text(String)
        case number(Int)
        case rows(ClosedRange<Int>)
        case duration(Duration)
    }

    let values: [Value?]
    /// The options given, by name (`--svg`).
    var options: [String: Value] = [:]

    func option(_ name: String) -> Value? { options[name] }

    package func optionText(_ name: String) -> String? {
        guard case .text(let text)? = options[name] else { return nil }
        return text
    }

    package func optionDuration(_ name: String) -> Duration? {
        guard case .duration(let duration)? = options[name] else { return nil }
        return duration
    }

    /// The argument at `index` as text (text, choice and word parameters; choices lower-cased).
    package func text(_ index: Int) -> String? {
        guard case .text(let text)? = value(index) else { return nil }
        return text
    }

    package func number(_ index: Int) -> Int? {
        guard case .number(let number)? = value(index) else { return nil }
        return number
    }

    func rows(_ index: Int) -> ClosedRange<Int>? {
        guard case .rows(let rows)? = value(index) else { return nil }
        return rows
    }

    func duration(_ index: Int) -> Duration? {
        guard case .duration(let duration)? = value(index) else { return nil }
        return duration
    }

    private func value(_ index: Int) -> Value? {
        values.indices.contains(index) ? values[index] : nil
    }
}
