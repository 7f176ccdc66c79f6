import Playground
import Reactive

/// The session a written package's test plays, run first in a playground of vmsh's own on a
/// virtual clock: the search text typed a letter at a time, a search started, and a row scrolled
/// in, out before its second was up, in again, out and in. What the playground sends is what the
/// test expects the ViewModels to show, as a View sees them: the value at each millisecond,
/// written when it changes.
@MainActor
struct SessionScenario {
    static let horizon = 6000
    /// How long each stub call takes, and what the counts are.
    static let latency = 300
    static let favorites = 3
    static let comments = 5
    /// How many photos the stub's search finds.
    static let photos = 2
    static let searchText: [(time: Int, text: String)] = [
        (100, "a"), (200, "ab"), (300, "abc"), (400, "abcd"), (1000, "abcde"), (1100, "ab"),
    ]
    static let executeAt = 500
    static let visibility: [(time: Int, visible: Bool)] = [
        (0, true), (500, false), (1000, true), (3000, false), (3500, true),
    ]

    /// `isSearchValid` as it changes, as "ms: true".
    let isSearchValid: [String]
    /// What the search screen shows as the command runs: "ms: searching", then the photos.
    let search: [String]
    /// The row's counts as they change, as "ms: (3, 5)".
    let counts: [String]
    /// How many times the row asked for its favourites.
    let favoritesCalls: Int

    /// The session under `validation` (the texts of `set validation`'s definition and what it
    /// reads, its output last) and `row` (the row pipeline's, likewise).
    init(validation: [String], row: [String], photos: Int) throws(PlaygroundError) {
        let valid = try Self.run(
            ["searchText = behavior-subject \"\""] + validation,
            inputs: "searchText", steps: Self.searchText.map { ($0.time, $0.text) })
        var shown = "false"
        isSearchValid = Self.changes(valid.values, from: &shown)
        let validAtExecute = valid.values.last { $0.time <= Self.executeAt }.map { $0.value == "true" } ?? false
        search =
            validAtExecute
            ? [
                "\(Self.executeAt): searching",
                "\(Self.executeAt + Self.latency): \(photos) photos for "
                    + (Self.searchText.last { $0.time <= Self.executeAt }?.text ?? ""),
            ] : []
        let fetched = try Self.run(
            [
                "isVisible = behavior-subject false", "hidden = isVisible | skip 1 | filter false",
                "favorites = marbles \"\(Self.marks(Self.favorites))\"",
                "comments = marbles \"\(Self.marks(Self.comments))\"", "metadata = favorites | combineLatest comments",
            ] + row, inputs: "isVisible", steps: Self.visibility.map { ($0.time, "\($0.visible)") })
        var none = "no counts"
        counts = Self.changes(fetched.values, from: &none)
        favoritesCalls = fetched.subscriptions("favorites")
    }

    /// A stub call as a marble string: `value` after the latency, and the end with it.
    private static func marks(_ value: Int) -> String {
        String(repeating: "-", count: latency / 100) + "(\(value)|)"
    }

    /// What a run of the playground left: the values its last definition sent, and its log.
    @MainActor
    private struct Run {
        let values: [(time: Int, value: String)]
        let inputs: EventLog

        /// How many times the definition `name` was subscribed: each definition that reads it
        /// records each of its subscriptions as a stream of its own titled `name`.
        func subscriptions(_ name: String) -> Int {
            inputs.events.filter { $0.kind == .subscribed && $0.streamName.name == name }.count
        }
    }

    /// Defines each of `definitions` in a new playground, subscribes the last, and sends each
    /// step's value into the subject `inputs` at its time.
    private static func run(_ definitions: [String], inputs: String, steps: [(Int, String)]) throws(PlaygroundError)
        -> Run
    {
        let scheduler = VirtualScheduler()
        let log = EventLog(clock: { scheduler.now })
        var said: [(time: Int, line: String)] = []
        let playground = Playground(scheduler: scheduler, log: log) { line in
            said.append((Int(scheduler.now.wholeMilliseconds), line))
        }
        for text in definitions { try playground.define(text) }
        let output = String(definitions.last?.prefix { $0 != " " && $0 != "=" } ?? "")
        try playground.subscribe("\(output) as out")
        for (time, value) in steps {
            _ = scheduler.advance(to: .milliseconds(time))
            try playground.send("\(inputs) \(value)")
        }
        _ = scheduler.advance(to: .milliseconds(horizon))
        try playground.dispose("all")
        let values = said.compactMap { said -> (time: Int, value: String)? in
            guard said.line.hasPrefix("out: ") else { return nil }
            let value = String(said.line.dropFirst(5))
            return value == "completed" || value.hasPrefix("error") ? nil : (said.time, value)
        }
        return Run(values: values, inputs: playground.inputs)
    }

    /// `values` as a View sees them: the last of each millisecond, written where it differs from
    /// what was shown before (`shown` at first).
    private static func changes(_ values: [(time: Int, value: String)], from shown: inout String) -> [String] {
        var lines: [String] = []
        for (index, value) in values.enumerated() {
            let lastOfItsTime = index == values.count - 1 || values[index + 1].time != value.time
            guard lastOfItsTime, value.value != shown else { continue }
            shown = value.value
            lines.append("\(value.time): \(value.value)")
        }
        return lines
    }
}
