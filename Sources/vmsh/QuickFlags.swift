/// Reads the usual command lines (scripts, `-c`, the flags of `FlagTable`) without
/// ArgumentParser, whose parse is half of vmsh's start-up: it reflects over every flag and looks
/// each type's conformances up at run time.
///
/// Anything else gives nil, and ArgumentParser reads the line: help, version, completion
/// scripts, and every mistake (a value its flag's check refuses too), so each message has one
/// source. `Tests/VMSHTests` checks that both readings agree on every flag of the table.
enum QuickFlags {
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard let scripts = FlagTable.flags.first(where: { $0.kind == .arguments }) else { return nil }
                _ = scripts.read(&options, argument)
                continue
            }
            let name = argument.prefix { $0 != "=" }
            let inline = name.endIndex < argument.endIndex ? argument[argument.index(after: name.endIndex)...] : nil
            guard let flag = FlagTable.flag(named: name) else { return nil }
            // A flag or option given twice is ArgumentParser's to judge.
            guard flag.kind == .repeated || seen.insert(String(name)).inserted else { return nil }
            if flag.kind == .flag {
                guard inline == nil else { return nil }
                _ = flag.read(&options, "")
                continue
            }
            let value: Substring
            if let inline, name.hasPrefix("--") {
                // ArgumentParser reads "--state=" as a missing value, unlike "--state ''".
                guard !inline.isEmpty else { return nil }
                value = inline
            } else {
                guard inline == nil, index < arguments.endIndex else { return nil }
                value = arguments[index][...]
                index += 1
                guard flag.takesDashValues || !value.hasPrefix("-") else { return nil }
            }
            guard flag.read(&options, String(value)) else { return nil }
        }
        return options
    }
}
