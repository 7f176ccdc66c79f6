import Reactive
import Shell
import TerminalText

/// How `leaks` lists live subscriptions: by command, then by stream, numbers in the names of
/// several counted together (every row's isVisible as row N's).
@MainActor
package enum LeakText {
    static func lines(_ live: [TraceEvent], _ context: CommandContext) -> [String] {
        var commands: [Int?] = []
        var streams: [Int?: [String]] = [:]
        for subscription in live {
            let command = subscription.cause.command
            if !commands.contains(command) { commands.append(command) }
            streams[command, default: []].append(subscription.stream)
        }
        var lines: [String] = []
        for command in commands {
            if let command {
                let line = context.session.control?.log.entry(command)?.line.sanitizedForTerminal
                lines.append("  #\(command)" + (line.map { " " + $0 } ?? ""))
            } else {
                lines.append("  the session's start")
            }
            for (name, count) in kinds(streams[command] ?? []) {
                let number = String(count)
                lines.append(String(repeating: " ", count: max(0, 8 - number.count)) + number + "  " + name)
            }
        }
        return lines.map { $0.terminalField(limit: 200) }
    }

    /// Each stream once with how many there are; streams that differ only in their numbers
    /// (the isVisible of row 3 and of row 4) count together as that of row N.
    private static func kinds(_ streams: [String]) -> [(String, Int)] {
        var order: [String] = []
        var members: [String: [String]] = [:]
        for stream in streams {
            let key = TraceText.streamKind(of: stream)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(stream)
        }
        return order.map { key in
            let all = members[key] ?? []
            return (Set(all).count == 1 ? all[0].sanitizedForTerminal : key.sanitizedForTerminal, all.count)
        }
    }
}
