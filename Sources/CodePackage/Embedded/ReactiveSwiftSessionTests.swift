import Foundation
import ReactiveSwift
import XCTest

@testable import FlickrSearch

/// The session of Expected.swift played on ReactiveSwift's TestScheduler: what each ViewModel
/// shows, at each millisecond a View could look, is what vmsh's playground sent for the same
/// session.
final class SessionTests: XCTestCase {
    func testTheSearchScreenValidatesAsVmshDid() {
        let scheduler = MillisecondScheduler()
        let search = SearchViewModel(service: StubService(scheduler: scheduler), scheduler: scheduler)
        let seen = play(on: scheduler, Expected.searchText.mapValues { text in { search.searchText.value = text } }) {
            "\(search.isSearchValid.value)"
        }
        XCTAssertEqual(seen, Expected.isSearchValid)
    }

    func testTheSearchCommandRunsOnlyWhileTheTextIsValid() {
        let scheduler = MillisecondScheduler()
        let search = SearchViewModel(service: StubService(scheduler: scheduler), scheduler: scheduler)
        var actions = Expected.searchText.mapValues { text in { search.searchText.value = text } }
        actions[Expected.executeAt] = { search.executeSearch.apply().start() }
        let seen = play(on: scheduler, actions) {
            if search.executeSearch.isExecuting.value { return "searching" }
            return search.results.value.map { "\($0.rows.count) photos for \($0.title)" } ?? "idle"
        }
        XCTAssertEqual(seen, Expected.search)
    }

    func testARowFetchesItsCountsAsVmshsPipelineDid() {
        let scheduler = MillisecondScheduler()
        let service = StubService(scheduler: scheduler)
        let row = RowViewModel(photo: StubService.photos[0], service: service, scheduler: scheduler)
        let seen = play(on: scheduler, Expected.visibility.mapValues { visible in { row.isVisible.value = visible } }) {
            guard let favorites = row.favorites.value, let comments = row.comments.value else { return "no counts" }
            return "(\(favorites), \(comments))"
        }
        XCTAssertEqual(seen, Expected.counts)
        XCTAssertEqual(service.calls, Expected.favoritesCalls, "calls for the favourites")
        row.stop()
    }

    /// Runs the scheduler a millisecond at a time to the horizon, each action at its time once what
    /// was due then has run, and returns what `watched` says each time it changes, as "ms: text".
    private func play(on scheduler: MillisecondScheduler, _ actions: [Int: () -> Void], watched: () -> String)
        -> [String]
    {
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
}

/// ReactiveSwift's TestScheduler with every date a whole millisecond, as vmsh's virtual clock keeps
/// time: 2 + 0.3 seconds is due at the 2300th millisecond, not a hair after it.
final class MillisecondScheduler: DateScheduler {
    private let clock = TestScheduler()
    var currentDate: Date { clock.currentDate }

    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable? { clock.schedule(action) }

    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        clock.schedule(after: Self.whole(date), action: action)
    }

    @discardableResult
    func schedule(
        after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval, action: @escaping () -> Void
    ) -> Disposable? {
        clock.schedule(after: Self.whole(date), interval: interval, leeway: leeway, action: action)
    }

    func run(until milliseconds: Int) {
        clock.advance(to: Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000))
    }

    private static func whole(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate * 1000).rounded() / 1000)
    }
}

/// Flickr as the session had it: every call answers after `Expected.latency` on the test's
/// scheduler, a call made at each start.
final class StubService: FlickrService {
    static let photos = [Photo(identifier: "1", title: "one"), Photo(identifier: "2", title: "two")]
    private(set) var calls = 0
    let scheduler: MillisecondScheduler

    init(scheduler: MillisecondScheduler) { self.scheduler = scheduler }

    func search(_ text: String) -> SignalProducer<[Photo], any Error> { answer(Self.photos) }

    func favorites(of photo: Photo) -> SignalProducer<Int, any Error> {
        SignalProducer { [weak self] observer, lifetime in
            guard let self else { return }
            calls += 1
            lifetime += answer(Expected.favorites).start(observer)
        }
    }

    func comments(of photo: Photo) -> SignalProducer<Int, any Error> { answer(Expected.comments) }

    /// `value` and the end, `Expected.latency` after each start.
    private func answer<Value>(_ value: Value) -> SignalProducer<Value, any Error> {
        SignalProducer(value: value).delay(Double(Expected.latency) / 1000, on: scheduler)
    }
}
