/// Reads the usual command lines (scripts, `-c`, the flags `VMSH` declares) without
/// ArgumentParser, whose parse is half of vmsh's start-up: it reflects over every flag and looks
/// each type's conformances up at run time.
///
/// Anything else gives nil, and ArgumentParser reads the line: help, version, completion
/// scripts, and every mistake, so each message has one source. `Tests/VMSHTests` checks that
/// both readings agree on every flag `VMSH` declares.
enum QuickFlags {
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                options.scripts.append(argument)
                continue
            }
            if argument == "-c" {
                guard index < arguments.endIndex else { return nil }
                options.commands.append(arguments[index])
                index += 1
                continue
            }
            let name = argument.prefix { $0 != "=" }
            let inline = name.endIndex < argument.endIndex ? argument[argument.index(after: name.endIndex)...] : nil
            // A flag or option given twice is ArgumentParser's to judge.
            guard seen.insert(String(name)).inserted else { return nil }
            if setFlag(name, on: &options) {
                guard inline == nil else { return nil }
                continue
            }
            let value: Substring
            if let inline, name.hasPrefix("--") {
                value = inline
            } else {
                guard inline == nil, index < arguments.endIndex else { return nil }
                value = arguments[index][...]
                index += 1
                // Only these take a value that starts with "-" ("-1"), as VMSH declares them.
                let unconditional = ["--latency", "--seed", "--drain-timeout", "--flickr-timeout"].contains(name)
                guard unconditional || !value.hasPrefix("-") else { return nil }
            }
            guard setOption(name, to: String(value), on: &options) else { return nil }
        }
        return options
    }

    /// Sets the flag `name` names; false when it names none.
    private static func setFlag(_ name: Substring, on options: inout Options) -> Bool {
        switch name {
        case "--virtual-clock": options.virtualClock = true
        case "--echo": options.echo = true
        case "--lesson": options.lesson = true
        case "--step": options.step = true
        case "--bail": options.bail = true
        case "--no-color": options.noColor = true
        case "--no-rc": options.noRC = true
        case "--check": options.check = true
        default: return false
        }
        return true
    }

    /// Sets the option `name` names to `value`; false when it names none or the value does not
    /// read as its type.
    private static func setOption(_ name: Substring, to value: String, on options: inout Options) -> Bool {
        switch name {
        case "-i": options.interactiveScript = value
        case "--format":
            guard let format = OutputFormat(rawValue: value) else { return false }
            options.format = format
        case "--catalog": options.catalog = value
        case "--latency":
            guard let latency = Int(value) else { return false }
            options.latency = latency
        case "--seed":
            guard let seed = UInt64(value) else { return false }
            options.seed = seed
        case "--catalog-size":
            guard let size = Int(value) else { return false }
            options.catalogSize = size
        case "--drain-timeout": options.drainTimeout = value
        case "--history-file": options.historyFile = value
        case "--state": options.state = value
        case "--service":
            guard let service = ServiceKind(rawValue: value) else { return false }
            options.service = service
        case "--flickr-endpoint": options.flickrEndpoint = value
        case "--flickr-timeout": options.flickrTimeout = value
        case "--record": options.record = value
        case "--replay": options.replay = value
        default: return false
        }
        return true
    }
}
