import FlickrAPI
import Foundation
import Reactive
import Redaction
import ShellTestSupport
import StandardShell
import StateStore
import TestSupport
import Testing

@testable import LineEditing
@testable import Shell

/// The key as data, over drawn keys and encodings, through every path: typed in a line, and sent
/// by a server in a title, an owner name and an error text, it reaches none of the outputs
/// (transcript, JSON lines, `history`, `recent` now and in a later session, a saved lesson, an
/// exported page, the served page's feed, the state database's file, the cassette, the line history
/// file, standard output),
/// however it was written. Each output is read back through `Revealed` before it is searched.
@MainActor @Suite(.serialized) struct KeyAsDataPropertyTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmsh-redaction-\(UUID().uuidString)")

    /// One drawn session: what was typed and what the server sent, each a different encoding.
    struct Draw {
        let key: String
        let typed: String
        let texts: HostileServer.Texts
    }

    static func draw(_ rng: inout SeededRandom) -> Draw {
        let alphabet = rng.chance(percent: 50) ? KeyEncoding.hexDigits : KeyEncoding.wide
        // Long enough that no other test's text holds it while it is installed.
        let key = KeyEncoding.key(length: 16 + rng.next(below: 24), alphabet: alphabet, &rng)
        func json() -> String { KeyEncoding.random(key, in: .json, &rng) }
        let texts = HostileServer.Texts(
            title: json(), ownerName: json(), infoTitle: json(), username: json(), message: json())
        return Draw(key: key, typed: KeyEncoding.random(key, in: .text, &rng), texts: texts)
    }

    @Test func theKeyReachesNoOutputInAnyEncoding() throws {
        var rng = SeededRandom(seed: 0x5EC2_E7ED)
        for number in 0..<24 {
            let draw = Self.draw(&rng)
            Secrets.install(draw.key)
            defer { Secrets.uninstall(draw.key) }
            let files = folder.appendingPathComponent("draw-\(number)").path
            try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
            try check(draw, in: files, number)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func theServedFeedRedactsEvenWhatNoOtherWayInRedacted() {
        let key = "k3yReachingTheFeed0123456789abcdef"
        Secrets.install(key)
        defer { Secrets.uninstall(key) }
        let served = FakeServer()
        let feed = SessionFeed(server: served, address: .loopback)
        feed.line(.init(.output, "a line holding \(key)"), number: 0)
        feed.command("say \(key.uppercased())")
        feed.figure(title: key, caption: "marbles \(key)", svg: "<svg><title>\(key)</title></svg>", lines: 0..<1)
        feed.rewind(to: 1, line: key)
        feed.clock(key)
        #expect(served.messages.count == 5)
        expectNoKey(served.messages.joined(separator: "\n"), key, "the served page's feed")
    }

    private func check(_ draw: Draw, in files: String, _ number: Int) throws {
        let what = "draw \(number): the key \(draw.key) typed as \(draw.typed)"
        let served = FakeServer()
        let text = try session(draw, files: files, prefix: "text", jsonLines: false, served: served)
        expectNoKey(text, draw.key, "the transcript (\(what))")
        #expect(served.messages.count > 20, "the whole session was served (\(what))")
        expectNoKey(served.messages.joined(separator: "\n"), draw.key, "the served page's feed (\(what))")
        #expect(text.components(separatedBy: Shell.redactedLineNotice).count == 2, "said once (\(what))")
        #expect(text.contains("  1  search [redacted]"), "history lists the redacted line (\(what))")
        let jsonLines = try session(draw, files: files, prefix: "jsonl", jsonLines: true)
        expectNoKey(jsonLines, draw.key, "the JSON lines (\(what))")
        for name in [
            "text-lesson.vmsh", "text-page.html", "text-cassette.jsonl", "jsonl-lesson.vmsh", "jsonl-page.html",
        ] {
            expectNoKey(try read(files + "/" + name), draw.key, "\(name) (\(what))")
        }
        // The database's file with its write-ahead log, where a recent write may still be.
        let database = try FileManager.default.contentsOfDirectory(atPath: files).filter { $0.hasPrefix("text-state") }
        #expect(database.contains("text-state.sqlite"))
        let stored = try database.sorted().flatMap { try read(files + "/" + $0) }
        expectNoKey(stored, draw.key, "the state database's files (\(what))")
        expectNoKey(try later(files: files, draw: draw), draw.key, "recent in a later session (\(what))")
        expectNoKey(try lineHistory(draw, files: files), draw.key, "the line history file (\(what))")
        expectNoKey(try standardOutput(draw), draw.key, "standard output (\(what))")
    }

    /// A session on the virtual clock against the hostile server, recording a cassette.
    private func session(
        _ draw: Draw, files: String, prefix: String, jsonLines: Bool, served: FakeServer? = nil
    ) throws -> String {
        let scheduler = VirtualScheduler()
        let server = HostileServer(scheduler: scheduler, texts: draw.texts)
        let cassette = try CassetteRecorder(path: "\(files)/\(prefix)-cassette.jsonl", apiKey: draw.key, inner: server)
        let service = FlickrSearchService(
            apiKey: draw.key, delivery: MainThreadDelivery(), transport: cassette)
        let store = try StateDatabase(path: "\(files)/\(prefix)-state.sqlite")
        let output = MemoryOutput()
        let shell = Shell(service: service, clock: .virtual(scheduler), output: output, recentSearchStore: store)
        shell.writesJSONLines = jsonLines
        if let served { shell.makeServer = { served } }
        let runner = ScriptRunner(shell: shell, echo: true, bail: false)
        let lines = [
            served == nil ? "" : "serve on", "search \(draw.typed)", "wait 1s", "search sunset", "wait 1s", "open 1",
            "wait 1s", "back",
            "search broken", "wait 1s", "recent", "history", "save \(files)/\(prefix)-lesson.vmsh",
            "export html \(files)/\(prefix)-page.html",
        ]
        _ = runner.run(.commands(lines))
        _ = runner.finish()
        shell.tearDown()
        return output.text
    }

    /// `recent` in a new session on the same state database.
    private func later(files: String, draw: Draw) throws -> String {
        let scheduler = VirtualScheduler()
        let service = FakeSearchService(scheduler: scheduler)
        let store = try StateDatabase(path: "\(files)/text-state.sqlite")
        let output = MemoryOutput()
        let shell = Shell(service: service, clock: .virtual(scheduler), output: output, recentSearchStore: store)
        _ = ScriptRunner(shell: shell, echo: false, bail: false).run(.commands(["recent"]))
        shell.tearDown()
        return output.text
    }

    /// The line history file after the typed line, not redacted before, was added to it.
    private func lineHistory(_ draw: Draw, files: String) throws -> [UInt8] {
        let path = "\(files)/history"
        let history = LineHistory(path: path) { Issue.record("\($0)") }
        history.add("search \(draw.typed)")
        return try read(path)
    }

    /// What the standard streams' writer puts on a descriptor (a pipe here) for text holding the key.
    private func standardOutput(_ draw: Draw) throws -> [UInt8] {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        StandardStreams.write("typed \(draw.typed) sent \(draw.texts.title)\n", to: ends[1])
        close(ends[1])
        return Array(FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile())
    }

    private func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func expectNoKey(_ text: String, _ key: String, _ what: String) {
        expectNoKey(Array(text.utf8), key, what)
    }

    /// The key is nowhere in `bytes` once decoded, and the replacement is there: the path was taken.
    private func expectNoKey(_ bytes: [UInt8], _ key: String, _ what: String) {
        let revealed = Revealed.text(bytes)
        if let found = revealed.range(of: key.lowercased()) {
            let start = revealed.index(found.lowerBound, offsetBy: -60, limitedBy: revealed.startIndex)
            let context = revealed[(start ?? revealed.startIndex)..<found.upperBound]
            Issue.record("the key is in \(what): …\(context)")
        }
        #expect(revealed.contains("[redacted]"), "\(what) shows no [redacted]")
    }
}
