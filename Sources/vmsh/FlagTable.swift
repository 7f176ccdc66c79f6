import PhotoCatalog
import Shell

/// vmsh's flags, each declared once, in the order the help lists them. A new flag is a line
/// here and the `Options` field it sets; ArgumentParser and `QuickFlags` both read this table.
enum FlagTable {
    static let flags: [FlagDeclaration] = [
        .arguments(\.scripts, valueName: "script", help: "Script files to run, in order.", completion: .file()),
        .repeated("-c", \.commands, valueName: "command", help: "Run this command (repeatable)."),
        .option(
            "-i", \.interactiveScript, valueName: "file", help: "Run this script, then stay interactive.",
            completion: .file()),
        .flag(
            "--virtual-clock", \.virtualClock,
            help: "Time advances only on 'wait': output is reproducible, lines carry the virtual time."),
        .flag("--echo", \.echo, help: "Print each script command as '> command' before its output, and its comments."),
        .flag(
            "--lesson", \.lesson,
            help: "Run as a lesson: the virtual clock, no start-up file, no saved state (with -i: then explore)."),
        .flag(
            "--step", \.step,
            help:
                "Show each script command and wait for Enter or Space before running it (b steps back, q leaves "
                + "at once, or with -i goes to the prompt; expectations and comments run as they come)."),
        .option(
            "--format", \.format, valueName: "format",
            help: "What vmsh prints: text (the transcript) or jsonl (one JSON object a line)."),
        .flag("--bail", \.bail, help: "Stop at the first failing command (exit 1, naming FILE:LINE)."),
        .option(
            "--catalog", \.catalog, valueName: "path",
            help: "The catalog database: a path or :memory: (default: under XDG_DATA_HOME).", completion: .file(),
            valid: { !$0.isEmpty }, takes: "a file path or :memory:, not an empty one"),
        .option(
            "--latency", \.latency, valueName: "ms", help: "Simulated network latency of every call, in milliseconds.",
            takesDashValues: true, valid: { (0...60_000).contains($0) }, takes: "milliseconds from 0 to 60000"),
        .option(
            "--seed", \.seed, valueName: "seed", help: "The seed the embedded catalog is generated from.",
            takesDashValues: true),
        .option(
            "--catalog-size", \.catalogSize, valueName: "n",
            help: "A scale catalog of this many photos (1 to 10000000), with Zipf-like word frequencies.",
            valid: { (1...CatalogGenerator.maximumCount).contains($0) },
            takes: "a number of photos from 1 to \(CatalogGenerator.maximumCount)"),
        .flag("--no-color", \.noColor, help: "No colour (also when NO_COLOR is set)."),
        .option(
            "--drain-timeout", \.drainTimeout, valueName: "duration",
            help: "How long to wait for pending work at the end of input (e.g. 10s).", takesDashValues: true,
            valid: { Shell.parseDuration($0) != nil }, takes: Shell.durationExpectation),
        .flag("--no-rc", \.noRC, help: "Do not run the start-up file (~/.vmshrc)."),
        .option(
            "--history-file", \.historyFile, valueName: "path",
            help: "The line history file (default: under XDG_STATE_HOME; empty for none).", completion: .file()),
        .option(
            "--state", \.state, valueName: "path",
            help: "The state database for recent searches (default: under XDG_DATA_HOME; none under --virtual-clock).",
            completion: .file(), valid: { !$0.isEmpty }, takes: "a file path, not an empty one"),
        .option(
            "--service", \.service, valueName: "service",
            help: "Where photos come from: catalog (embedded, offline) or flickr (needs FLICKR_API_KEY)."),
        .option(
            "--flickr-endpoint", \.flickrEndpoint, valueName: "url",
            help: "The Flickr REST endpoint (default: https://api.flickr.com/services/rest/).",
            valid: { ServiceFactory.flickrEndpoint($0) != nil },
            takes: "an http or https URL, such as https://api.flickr.com/services/rest/"),
        .option(
            "--flickr-timeout", \.flickrTimeout, valueName: "duration",
            help: "How long one Flickr request may take (e.g. 10s).", takesDashValues: true,
            valid: { Shell.parseDuration($0).map { $0 > .zero && $0 <= .seconds(300) } ?? false },
            takes: "a duration from 1ms to 5m, such as 10s"),
        .option(
            "--record", \.record, valueName: "file",
            help: "With --service flickr: write every HTTP exchange to this cassette (no key).", completion: .file()),
        .option(
            "--replay", \.replay, valueName: "file",
            help:
                "With --service flickr: answer from this cassette, offline, with its delays (--virtual-clock allowed).",
            completion: .file()),
        .option(
            "--grade", \.grade, valueName: "lesson",
            help:
                "Grade the answers files given as the scripts against this lesson, each on its own: each question "
                + "right or wrong, then 'score N/M'; hidden checks are never shown (exit 0 when every score is full).",
            completion: .file()),
        .option(
            "--csv", \.csv, valueName: "file",
            help: "With --grade: also write the gradebook, a row an answers file and a column a question (1 right, "
                + "0 wrong, empty unanswered), to this file, if new or a gradebook vmsh wrote.",
            completion: .file()),
        .option(
            "--grade-budget", \.gradeBudget, valueName: "duration",
            help: "With --grade: the CPU time the lesson and one answers file may take (default 60s); past it the "
                + "grading stops and its report marks what it did not finish.",
            valid: { Shell.parseDuration($0).map { $0 > .zero && $0 <= .seconds(86_400) } ?? false },
            takes: "a duration from 1ms to 24h, such as 60s"),
        .option(
            "--serve", \.serve, valueName: "[address:]port",
            help: "Also serve the session as a read-only page students follow live: [ADDRESS:]PORT, loopback "
                + "unless an address is named; the page's address, with its token, is printed on standard error.",
            valid: { ServeAddress($0) != nil }, takes: ServeAddress.expectation),
        .flag(
            "--check", \.check,
            help: "Check the catalog and the state database for damage (every page read), report, and exit."),
    ]

    /// The flag typed as `name` ("--seed", "-c"), if vmsh has one.
    static func flag(named name: Substring) -> FlagDeclaration? {
        flags.first { $0.kind != .arguments && $0.name == name }
    }
}
