import XCTest

@testable import FlickrSearch

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The session of Expected.swift played on the test's scheduler (VirtualScheduler.swift): what
/// each ViewModel shows, at each millisecond a View could look, is what vmsh's playground sent
/// for the same session.
final class SessionTests: XCTestCase {
    func testTheSearchScreenValidatesAsVmshDid() {
        MainActor.assumeIsolated {
            let scheduler = VirtualScheduler()
            let search = SearchViewModel(service: StubService(scheduler: scheduler), scheduler: scheduler)
            let seen = play(on: scheduler, Expected.searchText.mapValues { text in { search.searchText = text } }) {
                "\(search.isSearchValid)"
            }
            XCTAssertEqual(seen, Expected.isSearchValid)
        }
    }

    func testTheSearchCommandRunsOnlyWhileTheTextIsValid() {
        MainActor.assumeIsolated {
            let scheduler = VirtualScheduler()
            let search = SearchViewModel(service: StubService(scheduler: scheduler), scheduler: scheduler)
            var actions = Expected.searchText.mapValues { text in { search.searchText = text } }
            actions[Expected.executeAt] = { search.executeSearch() }
            let seen = play(on: scheduler, actions) {
                if search.isExecuting { return "searching" }
                return search.results.map { "\($0.rows.count) photos for \($0.title)" } ?? "idle"
            }
            XCTAssertEqual(seen, Expected.search)
        }
    }

    func testARowFetchesItsCountsAsVmshsPipelineDid() {
        MainActor.assumeIsolated {
            let scheduler = VirtualScheduler()
            let service = StubService(scheduler: scheduler)
            let row = RowViewModel(photo: StubService.photos[0], service: service, scheduler: scheduler)
            let seen = play(on: scheduler, Expected.visibility.mapValues { visible in { row.isVisible = visible } }) {
                guard let favorites = row.favorites, let comments = row.comments else { return "no counts" }
                return "(\(favorites), \(comments))"
            }
            XCTAssertEqual(seen, Expected.counts)
            XCTAssertEqual(service.calls.favorites, Expected.favoritesCalls, "calls for the favourites")
            row.stop()
        }
    }
}

/// Runs the scheduler a millisecond at a time to the horizon, each action at its time once what
/// was due then has run, and returns what `watched` says each time it changes, as "ms: text".
@MainActor
func play(on scheduler: VirtualScheduler, _ actions: [Int: () -> Void], watched: () -> String) -> [String] {
    var seen: [String] = []
    var last = watched()
    for time in 0...Expected.horizon {
        scheduler.run(until: time)
        if let action = actions[time] {
            action()
            scheduler.run(until: time)
        }
        let now = watched()
        if now != last { seen.append("\(time): \(now)") }
        last = now
    }
    return seen
}

/// Flickr as the session had it: every call answers after `Expected.latency` on the test's
/// scheduler, a call made at each subscription.
final class StubService: FlickrService {
    static let photos = [Photo(identifier: "1", title: "one"), Photo(identifier: "2", title: "two")]
    final class Calls {
        var favorites = 0
    }
    let calls = Calls()
    let scheduler: VirtualScheduler

    init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

    func search(_ text: String) -> AnyPublisher<[Photo], any Error> { answer(Self.photos) }

    func favorites(of photo: Photo) -> AnyPublisher<Int, any Error> {
        let calls = calls
        return Deferred { () -> AnyPublisher<Int, any Error> in
            calls.favorites += 1
            return self.answer(Expected.favorites)
        }
        .eraseToAnyPublisher()
    }

    func comments(of photo: Photo) -> AnyPublisher<Int, any Error> { answer(Expected.comments) }

    /// `value` and the end, `Expected.latency` after each subscription.
    private func answer<Value>(_ value: Value) -> AnyPublisher<Value, any Error> {
        Just(value).setFailureType(to: (any Error).self)
            .delay(for: .milliseconds(Expected.latency), scheduler: scheduler)
            .eraseToAnyPublisher()
    }
}
