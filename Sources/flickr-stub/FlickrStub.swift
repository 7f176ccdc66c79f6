import ArgumentParser
import Foundation
import PhotoCatalog
import VMSHVersion

/// The command line: a Flickr-compatible REST server on 127.0.0.1 over the embedded catalog.
@main
struct FlickrStub: AsyncParsableCommand {
    static let defaultKey = "0123456789abcdef0123456789abcdef"

    static let configuration = CommandConfiguration(
        commandName: "flickr-stub",
        abstract: "A Flickr-compatible REST server on 127.0.0.1 over the embedded photo catalog.",
        discussion: """
            Prints "listening on http://127.0.0.1:PORT/services/rest/", then
            "misbehaving on http://127.0.0.1:PORT2/": raw broken replies there, picked
            by the first path segment (\(MisbehaveReply.allCases.map(\.rawValue).joined(separator: ", "))).

            While it runs, GET /admin?NAME=VALUE&... changes the faults: the flags' names
            with _ for - (latency_ms, error_rate, force_code, http500, truncate, nonjson,
            stall, legacy_numbers, hostile_strings), and key_echo=1, key_in_text=1, extra_photos=N,
            posted=TEXT, redirect=301|302, times=N (the faults last N calls), budget=N,
            reset=1. GET /admin/stats counts the calls per method and key, the most in
            flight at once, and redirects followed.
            """,
        version: VMSHVersion.string
    )

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port: Int = 0
    @Option(help: ArgumentHelp("Catalog file, or :memory: (default: vmsh's, under XDG_DATA_HOME).", valueName: "path"))
    var catalog: String?
    @Option(help: "Catalog seed, as vmsh --seed.")
    var seed: UInt64 = 1
    @Option(
        name: .customLong("key"),
        help: ArgumentHelp("An accepted API key (repeatable; default \(defaultKey)).", valueName: "key"))
    var keys: [String] = []
    @Option(help: "Calls per hour per key before HTTP 429.")
    var budget: Int = 3600
    @Option(help: ArgumentHelp("Stop after this many seconds without requests; 0 never.", valueName: "seconds"))
    var idleExit: Int = 600

    @Option(help: "Fault: milliseconds added before every REST answer.")
    var latencyMs: Int?
    @Option(help: "Fault: the share of calls (0...1) answered with code 105.")
    var errorRate: Double?
    @Option(help: "Fault: answer every call with this Flickr error code.")
    var forceCode: Int?
    @Flag(help: "Fault: HTTP 500 with an HTML page.") var http500 = false
    @Flag(help: "Fault: send only the first half of the body.") var truncate = false
    @Flag(help: "Fault: an HTML page instead of JSON.") var nonjson = false
    @Flag(help: "Fault: never answer.") var stall = false
    @Flag(help: "Search replies carry pages and total as strings.") var legacyNumbers = false
    @Flag(help: "Fault: titles and names with control characters, bidi overrides and 10,000 characters.")
    var hostileStrings = false

    mutating func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0...65535, not \(port)") }
        guard (0...1_000_000).contains(budget) else { throw ValidationError("--budget takes 0...1000000") }
        guard (0...86_400).contains(idleExit) else { throw ValidationError("--idle-exit takes 0...86400 seconds") }
        _ = try faults()
    }

    /// The faults the flags ask for, checked as `/admin` checks them.
    func faults() throws -> Faults {
        var faults = Faults()
        var settings: [(String, String)] = []
        if let latencyMs { settings.append(("latency_ms", String(latencyMs))) }
        if let errorRate { settings.append(("error_rate", String(errorRate))) }
        if let forceCode { settings.append(("force_code", String(forceCode))) }
        let flags = [
            ("http500", http500), ("truncate", truncate), ("nonjson", nonjson), ("stall", stall),
            ("legacy_numbers", legacyNumbers), ("hostile_strings", hostileStrings),
        ]
        settings += flags.filter(\.1).map { ($0.0, "1") }
        for (name, value) in settings {
            if let problem = faults.set(name, value) { throw ValidationError(problem) }
        }
        return faults
    }

    func run() async throws {
        let catalog: Catalog
        do {
            if let path = self.catalog {
                catalog = try Catalog(path: path, seed: seed)
            } else {
                catalog = try Catalog.openDefault(seed: seed)
            }
        } catch {
            throw ValidationError("\(error)")
        }
        let state = StubState(
            keys: keys.isEmpty ? [Self.defaultKey] : keys, faults: try faults(), budget: budget, seed: seed)
        try await StubServer(catalog: catalog, state: state, port: port, idleExit: idleExit).run()
    }
}
