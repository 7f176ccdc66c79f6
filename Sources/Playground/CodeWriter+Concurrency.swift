/// Sources and the pipeline's shape in Swift concurrency: an AsyncSequence, each step a method
/// (swift-async-algorithms' or a helper's).
extension CodeWriter {
    static func concurrencyLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func concurrencySource(_ source: Definition.Source) -> OperatorCode {
        switch source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .marbles: marblesSource
        default: .standIn("AsyncStream<Int>.never", note: "not written yet in Swift concurrency")
        }
    }
}
