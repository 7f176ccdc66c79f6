import Playground
import Reactive

/// A playground on a virtual clock, with everything it says stamped "ms: line".
@MainActor
final class PlaygroundHarness {
    let scheduler = VirtualScheduler()
    let log: EventLog
    private(set) var lines: [String] = []
    private(set) var playground: Playground!

    init(app: (any AppStreams)? = nil) {
        let scheduler = scheduler
        log = EventLog(clock: { scheduler.now })
        playground = Playground(scheduler: scheduler, log: log, app: app) { [weak self] line in
            self?.lines.append("\(scheduler.now.wholeMilliseconds): \(line)")
        }
    }

    /// Runs `command` (let, send, subscribe, …) with its text; a refusal is recorded as "error: …".
    func run(_ line: String) {
        let (verb, rest) = Self.split(line)
        do throws(PlaygroundError) {
            switch verb {
            case "let": try playground.define(rest)
            case "send": try playground.send(rest)
            case "complete": try playground.complete(rest)
            case "fail": try playground.fail(rest)
            case "subscribe": try playground.subscribe(rest)
            case "dispose": try playground.dispose(rest)
            case "connect": try playground.connect(rest)
            case "execute": try playground.execute(rest)
            case "array": try playground.pull(rest, all: true)
            case "head": try playground.pull(rest, all: false)
            case "signals": playground.describe()
            case "wait": scheduler.advance(by: .milliseconds(Int64(rest) ?? 0))
            default: lines.append("unknown \(verb)")
            }
        } catch {
            lines.append("\(scheduler.now.wholeMilliseconds): error: \(error.message)")
        }
    }

    /// Runs each line, then returns what was said since, and forgets it.
    func take(_ script: [String]) -> [String] {
        lines = []
        script.forEach(run)
        defer { lines = [] }
        return lines
    }

    static func split(_ line: String) -> (String, String) {
        let verb = String(line.prefix { $0 != " " })
        return (verb, String(line.dropFirst(verb.count)).trimmingCharacters())
    }

    /// The recorded events of one lane, as "ms kind".
    func lane(_ label: String) -> [String] {
        log.events.filter { $0.stream == "play · \(label)" }.map { "\($0.time.wholeMilliseconds) \($0.kind)" }
    }
}

extension String {
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
