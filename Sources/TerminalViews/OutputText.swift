import ViewModels

extension OutputValue {
    /// How `inspect` and `changes` print the value: text quoted and made safe, nothing as `nil`.
    public var terminalText: String {
        switch self {
        case .text(let text): text.quotedForTerminal
        case .bool(let value): "\(value)"
        case .number(let number): number.grouped
        case .counts(let tallies): tallies.map { $0.number.counted($0.noun) }.joined(separator: ", ")
        case .none: "nil"
        case .viewModel(let type, let title): "\(type) \(title.quotedForTerminal)"
        case .phrase(let phrase): phrase.sanitizedForTerminal
        }
    }
}

extension DeclaresOutputs {
    /// What `inspect` lists: each output with a current value, as the terminal shows it.
    public func inspection() -> [(name: String, value: String)] {
        currentValues().map { ($0.name, $0.value.terminalText) }
    }
}
