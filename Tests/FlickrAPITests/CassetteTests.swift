import EventLoop
import Foundation
import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import FlickrAPI

/// `--record` writes what the transport saw, without the key; `--replay` answers from it on the
/// shell's clock, with the recorded delays.
@MainActor @Suite struct CassetteTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmsh-cassette-\(UUID().uuidString)")

    func path(_ name: String) -> String {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    /// Records one search answered by `body` (the server quoting the key back in upper case).
    func record(to file: String, limit: Int = CassetteRecorder.sizeLimit, report: Lines = Lines()) throws {
        let fake = FakeTransport()
        let recorder = try CassetteRecorder(
            path: file, apiKey: Fixture.key, inner: fake, limit: limit, report: { report.append($0) })
        let scheduler = LiveScheduler()
        let service = FlickrSearchService(
            apiKey: Fixture.key, endpoint: Fixture.endpoint, scheduler: scheduler, transport: recorder)
        let recorded = Recorder<SearchResults>()
        _ = recorded.subscribe(service.search("bird"))
        // The request reaches the transport once the loop has run: answered only when it is there.
        runLoop(scheduler) { !fake.all.isEmpty }
        #expect(fake.all.count == 1)
        let body = Fixture.search.replacingOccurrences(of: "\"Bird\"", with: "\"Bird \(Fixture.key.uppercased())\"")
        fake.answer(0, .success(Fixture.reply(body)))
        runLoop(scheduler) { recorded.isDone }
    }

    @Test func aRecordedSessionReplaysOnTheVirtualClockWithoutTheKey() throws {
        let file = path("session.jsonl")
        try record(to: file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix(CassetteEntry.header + "\n"))
        #expect(!text.lowercased().contains(Fixture.key.lowercased()))
        #expect(text.contains(#""request":"method=flickr.photos.search&text=bird&"#))

        let scheduler = VirtualScheduler()
        let replay = try CassetteReplay(path: file, scheduler: scheduler)
        let service = FlickrSearchService(apiKey: "", delivery: MainThreadDelivery(), transport: replay)
        let first = Recorder<SearchResults>()
        let missing = Recorder<SearchResults>()
        _ = first.subscribe(service.search("bird"))
        _ = missing.subscribe(service.search("moon"))
        #expect(!first.isDone, "answered after its recorded duration, not at once")
        _ = scheduler.runUntilIdle()
        #expect(first.values.first?.photos.first?.title == "Bird [redacted]")
        let error = try #require(missing.error as? ModelError)
        #expect(error.description.contains("the cassette has no reply for method=flickr.photos.search&text=moon&"))
    }

    @Test func aFileThatIsNotACassetteIsNeitherWrittenNorRead() throws {
        let file = path("notes.txt")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: CassetteError.self) { try CassetteRecorder(path: file, apiKey: "k", inner: FakeTransport()) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes\n")
        #expect(throws: CassetteError.self) { try CassetteReplay(path: file, scheduler: VirtualScheduler()) }
        let cassette = path("old.jsonl")
        try record(to: cassette)
        try record(to: cassette)  // an earlier cassette may be written over
        #expect(try String(contentsOfFile: cassette, encoding: .utf8).components(separatedBy: "\n").count == 3)
    }

    /// An earlier cassette is judged by its first line alone: bytes after it (here not UTF-8) are
    /// never read, however many there are.
    @Test func anEarlierCassetteIsJudgedByItsFirstLineAlone() throws {
        let file = path("damaged.jsonl")
        let header = Data((CassetteEntry.header + "\n").utf8)
        try (header + Data([0xFF, 0xFE, 0x00, 0x0A])).write(to: URL(fileURLWithPath: file))
        _ = try CassetteRecorder(path: file, apiKey: "k", inner: FakeTransport())
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == header)
    }

    /// A cassette that would pass its limit ends the recording in one line; the search is answered.
    @Test func aCassetteAtItsLimitEndsTheRecordingAndTheSearchGoesOn() throws {
        let file = path("limited.jsonl")
        let header = CassetteEntry.header + "\n"
        let report = Lines()
        try record(to: file, limit: header.utf8.count + 100, report: report)
        #expect(
            report.all == [
                "vmsh: recording to the cassette \(file) ended: it reached its limit of \(header.utf8.count + 100) bytes; the session goes on without it"
            ])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == header)
    }
}

/// The lines a recorder reported, from whichever thread it wrote on.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}
