import Foundation
import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import FlickrAPI

/// A seeded generator of broken cassettes (times extreme, swapped or of the wrong type, statuses
/// out of range, fields missing, lines cut, duplicated or not UTF-8, a wrong header) read and
/// replayed through the search service on the virtual clock: each one is refused with a
/// `CassetteError` or replays to values or a `ModelError`; none traps.
@MainActor @Suite struct CassetteFuzzTests {
    static let numbers = [
        "-9223372036854775808", "9223372036854775807", "99999999999999999999999", "-1", "0", "1e308", "0.5",
        "\"12\"", "null", "true", "[]", "{}", "200", "404", "-200",
    ]

    /// What `search(text)` sends, as a cassette names it.
    static func requestKey(_ text: String) -> String {
        let transport = FakeTransport()
        let service = FlickrSearchService(
            apiKey: "", endpoint: Fixture.endpoint, delivery: MainThreadDelivery(), transport: transport)
        _ = Recorder<SearchResults>().subscribe(service.search(text))
        return CassetteEntry.requestKey(transport.all[0].url)
    }

    /// One entry as a JSON line; its fields are later spoilt as text.
    static func entryLine(request: String, started: Int, ended: Int, failed: Bool) -> String {
        let body = Fixture.search.replacingOccurrences(of: "\n", with: "")
        let entry = CassetteEntry(
            request: request, path: "/services/rest/", status: failed ? nil : 200,
            contentType: failed ? nil : "application/json", body: failed ? nil : body,
            error: failed ? "connection refused" : nil, startedMS: started, endedMS: ended)
        return String(decoding: (try? JSONEncoder().encode(entry)) ?? Data(), as: UTF8.self)
    }

    func cassette(_ random: inout SeededRandom, requests: [String]) -> String {
        var lines = [CassetteEntry.header]
        for _ in 0..<random.next(below: 5) {
            let started = random.next(below: 10_000)
            var line = Self.entryLine(
                request: random.pick(requests), started: started, ended: started + random.next(below: 3000),
                failed: random.chance(percent: 20))
            for _ in 0..<random.next(below: 4) {
                let field = random.pick(["started_ms", "ended_ms", "status"])
                let pattern = "\"\(field)\":[^,}]*"
                guard let range = line.range(of: pattern, options: .regularExpression) else { continue }
                line.replaceSubrange(range, with: "\"\(field)\":\(random.pick(Self.numbers))")
            }
            if random.chance(percent: 10), let range = line.range(of: #""body":"[^"]*","#, options: .regularExpression)
            {
                line.removeSubrange(range)
            }
            lines.append(line)
            if random.chance(percent: 10) { lines.append(line) }
        }
        if random.chance(percent: 5) { lines[0] = #"{"vmsh_cassette":2}"# }
        var bytes = Array(lines.joined(separator: "\n").utf8)
        switch random.next(below: 8) {
        case 0: bytes = Array(bytes.prefix(random.next(below: bytes.count + 1)))
        case 1: bytes.insert(0xFF, at: random.next(below: bytes.count + 1))
        case 2: bytes.remove(at: random.next(below: bytes.count))
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func tenThousandBrokenCassettesNeverTrap() {
        let requests = [Self.requestKey("bird"), Self.requestKey("moon")]
        var random = SeededRandom(seed: 20_261_125)
        var replayed = 0
        var extreme = 0
        for _ in 0..<10_000 {
            let text = cassette(&random, requests: requests)
            let scheduler = VirtualScheduler()
            guard let replay = try? CassetteReplay(text: text, path: "fuzz.jsonl", scheduler: scheduler) else {
                continue
            }
            if text.contains("9223372036854775807") || text.contains("-9223372036854775808") { extreme += 1 }
            let service = FlickrSearchService(apiKey: "", delivery: MainThreadDelivery(), transport: replay)
            let recorders = ["bird", "moon", "bird"].map { text in
                let recorder = Recorder<SearchResults>()
                _ = recorder.subscribe(service.search(text))
                return recorder
            }
            #expect(scheduler.runUntilIdle(limit: .seconds(2 * 86_400)))
            #expect(scheduler.now <= .seconds(86_400), "a replayed delay is a day at most")
            for recorder in recorders {
                #expect(recorder.isDone)
                #expect(recorder.error == nil || recorder.error is ModelError)
            }
            replayed += 1
        }
        #expect(replayed > 1000, "the generator still makes some valid cassettes")
        #expect(extreme > 100, "and some with extreme times")
    }

    @Test(arguments: [
        (Int.min, Int.max), (Int.max, Int.min), (0, Int.max), (Int.min, 0), (5, 3), (-1, 86_400_001),
    ])
    func extremeTimesGiveADelayOfNoneToADay(started: Int, ended: Int) {
        let entry = CassetteEntry(
            request: "", path: "", status: 200, contentType: nil, body: nil, error: nil, startedMS: started,
            endedMS: ended)
        let delay = entry.duration
        #expect(delay >= .zero && delay <= .milliseconds(86_400_000))
        #expect(delay == (ended > started ? .milliseconds(86_400_000) : .zero))
    }
}
