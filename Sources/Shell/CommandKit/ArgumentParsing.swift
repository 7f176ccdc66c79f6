import TerminalViews

extension ShellCommand {
    /// Parses `argument` (the line after the command's name) by the declared parameters.
    func parse(_ argument: String) -> Result<Arguments, CommandFailure> {
        var found: [String: Arguments.Value] = [:]
        var argument = argument
        if !options.isEmpty {
            // Options are whole words anywhere on the line, each followed by its value.
            var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
            for option in options {
                guard let index = words.firstIndex(of: option.name) else { continue }
                guard index + 1 < words.count, let value = option.value(of: words[index + 1]) else {
                    let shown = (index + 1 < words.count ? words[index + 1] : "").sanitizedForTerminal.prefix(40)
                    return .failure(CommandFailure(option.invalid?(String(shown)) ?? misuseMessage))
                }
                found[option.name] = value
                words.removeSubrange(index...(index + 1))
            }
            argument = words.joined(separator: " ")
        }
        var rest = Substring(argument)
        var values: [Arguments.Value?] = []
        for (index, parameter) in parameters.enumerated() {
            rest = rest.drop(while: \.isWhitespace)
            guard !rest.isEmpty else {
                if parameter.isOptional {
                    values.append(nil)
                    continue
                }
                return .failure(CommandFailure(misuseMessage))
            }
            if case .text = parameter.kind {
                values.append(.text(String(rest).trimmingSpaces))
                rest = ""
                continue
            }
            let word = rest.prefix(while: { !$0.isWhitespace })
            // An optional parameter that does not take this word (and has no message of its own
            // for it) is absent: the word is the next parameter's (`save FILE`, `save --all FILE`).
            if parameter.isOptional, parameter.invalid == nil, index + 1 < parameters.count,
                parameter.value(of: String(word)) == nil
            {
                values.append(nil)
                continue
            }
            rest = rest.dropFirst(word.count)
            guard let value = parameter.value(of: String(word)) else {
                let shown = String(word).sanitizedForTerminal.prefix(40)
                return .failure(CommandFailure(parameter.invalid?(String(shown)) ?? misuseMessage))
            }
            values.append(value)
        }
        guard rest.allSatisfy(\.isWhitespace) else { return .failure(CommandFailure(tooManyMessage)) }
        return .success(Arguments(values: values, options: found))
    }

    private var misuseMessage: String { misuse ?? "usage: \(usage)" }

    private var tooManyMessage: String {
        tooMany ?? (parameters.isEmpty ? "\(name) takes no arguments" : misuseMessage)
    }
}

extension Parameter {
    /// The value `word` stands for, or nil when it is not one this parameter takes.
    func value(of word: String) -> Arguments.Value? {
        switch kind {
        case .text, .word:
            return .text(word)
        case .choice(let choices):
            let lowered = word.lowercased()
            return choices.contains(lowered) ? .text(lowered) : nil
        case .number(let range):
            return Parse.row(word).flatMap { range.contains($0) ? .number($0) : nil }
        case .row:
            return Parse.row(word).map { .number($0) }
        case .rows:
            return Parse.rowRange(word).map { .rows($0) }
        case .duration(let words):
            if words.contains(word.lowercased()) { return .text(word.lowercased()) }
            return Parse.duration(word).map { .duration($0) }
        }
    }
}
