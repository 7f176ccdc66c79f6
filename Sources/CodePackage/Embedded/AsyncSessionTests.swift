import Synchronization
import Testing

@testable import FlickrSearch

/// The session of Expected.swift played on the test's clock (TestClock.swift): what each
/// ViewModel shows, at each millisecond a View could look, is what vmsh's playground sent for the
/// same session. One test at a time: each runs every job of the program on the main actor.
@Suite(.serialized) @MainActor
struct SessionTests {
    @Test func theSearchScreenValidatesAsVmshDid() async {
        await TestClock.run { clock in
            let search = SearchViewModel(service: StubService(clock: clock), clock: clock)
            let seen = await play(on: clock, Expected.searchText.mapValues { text in { search.searchText = text } }) {
                "\(search.isSearchValid)"
            }
            #expect(seen == Expected.isSearchValid)
            search.stop()
        }
    }

    @Test func theSearchCommandRunsOnlyWhileTheTextIsValid() async {
        await TestClock.run { clock in
            let search = SearchViewModel(service: StubService(clock: clock), clock: clock)
            var actions = Expected.searchText.mapValues { text in { search.searchText = text } }
            actions[Expected.executeAt] = { search.executeSearch() }
            let seen = await play(on: clock, actions) {
                if search.isExecuting { return "searching" }
                return search.results.map { "\($0.rows.count) photos for \($0.title)" } ?? "idle"
            }
            #expect(seen == Expected.search)
            search.stop()
            for row in search.results?.rows ?? [] { row.stop() }
        }
    }

    @Test func aRowFetchesItsCountsAsVmshsPipelineDid() async {
        await TestClock.run { clock in
            let service = StubService(clock: clock)
            let row = RowViewModel(photo: StubService.photos[0], service: service, clock: clock)
            let seen = await play(on: clock, Expected.visibility.mapValues { visible in { row.isVisible = visible } }) {
                guard let favorites = row.favorites, let comments = row.comments else { return "no counts" }
                return "(\(favorites), \(comments))"
            }
            #expect(seen == Expected.counts)
            #expect(service.favoritesCalls == Expected.favoritesCalls, "calls for the favourites")
            row.stop()
        }
    }
}

/// Runs the clock a millisecond at a time to the horizon, each action at its time once what was
/// due then has run, and returns what `watched` says each time it changes, as "ms: text".
@MainActor
func play(on clock: TestClock, _ actions: [Int: () -> Void], watched: () -> String) async -> [String] {
    var seen: [String] = []
    var last = watched()
    for time in 0...Expected.horizon {
        await clock.run(until: time)
        if let action = actions[time] {
            action()
            await clock.run(until: time)
        }
        let now = watched()
        if now != last { seen.append("\(time): \(now)") }
        last = now
    }
    return seen
}

/// Flickr as the session had it: every call answers after `Expected.latency` on the test's clock.
final class StubService: FlickrService {
    static let photos = [Photo(identifier: "1", title: "one"), Photo(identifier: "2", title: "two")]
    private let clock: TestClock
    private let calls = Mutex(0)
    var favoritesCalls: Int { calls.withLock { $0 } }

    init(clock: TestClock) { self.clock = clock }

    func search(_ text: String) async throws -> [Photo] { try await answer(Self.photos) }

    func favorites(of photo: Photo) async throws -> Int {
        calls.withLock { $0 += 1 }
        return try await answer(Expected.favorites)
    }

    func comments(of photo: Photo) async throws -> Int { try await answer(Expected.comments) }

    private func answer<Value>(_ value: Value) async throws -> Value {
        try await clock.sleep(for: .milliseconds(Expected.latency))
        return value
    }
}
