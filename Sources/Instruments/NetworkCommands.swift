import PhotoModel
import Reactive
import Shell
import TerminalViews
import ViewModels

/// `fetch` and `net`: hot and cold subscriptions to a row's metadata, and the simulated network.
extension CommandTable {
    package static let fetch: ShellCommand = ShellCommand(
        name: "fetch",
        parameters: [
            .init(name: "ROW", kind: .row),
            .init(name: "COUNT", kind: .number(1...10)),
            .init(
                name: "cold|shared", kind: .choice(["cold", "shared"]), isOptional: true,
                invalid: { "fetch takes cold or shared, not '\($0.prefix(20))'" }),
        ],
        options: [
            Parameter(
                name: "--after", kind: .duration(orWords: []), isOptional: true,
                invalid: { Parse.notADuration("--after", $0) }, valueName: "DURATION")
        ],
        summary: "subscribe COUNT times to a row's metadata signal: cold calls each time, shared once; "
            + "--after: each one that much later than the one before",
        example: "fetch 1 2 shared", misuse: "fetch needs a row and a count from 1 to 10: fetch 1 2 [cold|shared]",
        run: { arguments, context throws(CommandFailure) in
            let row = arguments.number(0) ?? 0
            let count = arguments.number(1) ?? 1
            let shared = arguments.text(2) == "shared"
            guard let list = context.navigator.top as? any ResultRows else {
                throw CommandFailure("fetch works on a results list; there is none on top (search TEXT first)")
            }
            guard let item = list.item(at: row) else {
                throw CommandFailure("no row \(row): the results have \(rowsText(1...max(list.rowCount, 1)))")
            }
            let log = context.instrumentation.eventLog
            // The first subscriber's connection, which the others join: `graph` draws one metadata
            // node with every subscriber under it.
            var connection: Int?
            let signal =
                shared
                ? item.fetchMetadata().replayLazily().joined(to: { connection }, in: log) : item.fetchMetadata()
            let kind = shared ? "shared" : "cold"
            context.say("\(count) subscriber\(count == 1 ? "" : "s") to row \(row)'s \(kind) metadata signal")
            let metadata = StreamName(owner: item.streamName, "metadata").text
            let gap = arguments.optionDuration("--after") ?? .zero
            for subscriber in 1...count {
                // Each subscriber is its own lane in `marbles`: a late one shows what it missed.
                let mine = signal.traced(StreamName(owner: item.streamName, "subscriber \(subscriber)"), in: log) {
                    "\($0.favorites)/\($0.comments)"
                }
                // Owned by the results View: leaving the list ends these subscriptions too.
                let subscribe = { [weak context] () -> any Disposable in
                    let before = log.lastNumber
                    defer {
                        if connection == nil {
                            connection =
                                log.events.last {
                                    $0.number > before && $0.stream == metadata && $0.kind == .subscribed
                                }?.number
                        }
                    }
                    return mine.subscribeNext(
                        { [weak context] metadata in
                            let counts =
                                "\(metadata.favorites.counted("favorite")), \(metadata.comments.counted("comment"))"
                            context?.say("  subscriber \(subscriber): \(counts)")
                        },
                        error: { [weak context] error in
                            context?.say("  subscriber \(subscriber): error \("\(error)".sanitizedForTerminal)")
                        })
                }
                let delay = gap * (subscriber - 1)
                if delay == .zero {
                    list.keep(subscribe())
                } else {
                    let later = SerialDisposable()
                    later.inner = context.clock.scheduler.schedule(after: delay) { later.inner = subscribe() }
                    list.keep(later)
                }
            }
            return .succeeded
        })

    package static let net: ShellCommand = ShellCommand(
        name: "net",
        parameters: [
            .init(
                name: "online|offline|slow|flaky", kind: .choice(["online", "offline", "slow", "flaky"]),
                isOptional: true),
            .init(name: "MS|PCT", kind: .number(0...Int(Int32.max)), isOptional: true),
        ],
        synopsis: "net [online|offline|slow MS|flaky PCT]",
        summary: "change the simulated network, to show connection errors and recovery",
        example: "net offline", misuse: "net takes online, offline, slow MS or flaky PCT",
        effect: .readsOnlyWithoutArguments, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            guard let simulated = context.service as? any NetworkSimulating else {
                throw CommandFailure("net works on the embedded catalog's simulated network, not on a real service")
            }
            let condition: NetworkCondition
            switch (arguments.text(0), arguments.number(1)) {
            case (nil, nil):
                context.say("network \(simulated.network)")
                return .succeeded
            case ("online", nil): condition = .online
            case ("offline", nil): condition = .offline
            case ("slow", let ms?):
                guard ms <= 60_000 else { throw CommandFailure("net slow takes milliseconds from 0 to 60000") }
                condition = .slow(extra: .milliseconds(ms))
            case ("flaky", let percent?):
                guard percent <= 100 else { throw CommandFailure("net flaky takes a percentage from 0 to 100") }
                condition = .flaky(percent: percent)
            case ("slow", nil): throw CommandFailure("net slow takes milliseconds from 0 to 60000")
            case ("flaky", nil): throw CommandFailure("net flaky takes a percentage from 0 to 100")
            default: throw CommandFailure("net takes online, offline, slow MS or flaky PCT")
            }
            simulated.network = condition
            context.say("network \(condition)")
            return .succeeded
        })
}
