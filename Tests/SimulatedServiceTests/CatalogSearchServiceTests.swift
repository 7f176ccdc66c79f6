import DataTestSupport
import PhotoCatalog
import PhotoModel
import Reactive
import SimulatedService
import TestSupport
import XCTest

/// What one subscription received, and when (virtual time).
@MainActor
final class Recorder<Value> {
    var values: [(Value, Duration)] = []
    var errors: [(ModelError?, Duration)] = []
    var completions: [Duration] = []
    var events: Int { values.count + errors.count + completions.count }
}

@MainActor
final class CatalogSearchServiceTests: XCTestCase {
    private func makeService(
        latency: ServiceLatency = .standard, network: NetworkCondition = .online, faultSeed: UInt64 = 1
    ) throws -> (CatalogSearchService, VirtualScheduler) {
        let scheduler = VirtualScheduler()
        let service = CatalogSearchService(
            catalog: try Fixtures.catalog(), scheduler: scheduler, latency: latency, network: network,
            faultSeed: faultSeed)
        return (service, scheduler)
    }

    @discardableResult
    private func record<Value>(_ signal: Signal<Value>, on scheduler: VirtualScheduler, into recorder: Recorder<Value>)
        -> any Disposable
    {
        signal.subscribe { event in
            switch event {
            case .next(let value): recorder.values.append((value, scheduler.now))
            case .failed(let error): recorder.errors.append((error as? ModelError, scheduler.now))
            case .completed: recorder.completions.append(scheduler.now)
            }
        }
    }

    func testSearchAnswersAtExactlyFourHundredMilliseconds() async throws {
        let (service, scheduler) = try makeService()
        let recorder = Recorder<SearchResults>()
        record(service.search("sunset"), on: scheduler, into: recorder)
        XCTAssertEqual(service.calls.started, [CatalogSearchService.searchMethod: 1], "counted on subscribe")
        scheduler.advance(by: .milliseconds(399))
        XCTAssertEqual(recorder.events, 0, "nothing before the latency")
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(recorder.values.count, 1)
        XCTAssertEqual(recorder.values.first?.1, .milliseconds(400))
        XCTAssertEqual(recorder.completions, [.milliseconds(400)])
        let expected = try Fixtures.catalog().search(text: "sunset")
        XCTAssertEqual(
            recorder.values.first?.0,
            SearchResults(searchText: "sunset", photos: expected.photos, totalResults: expected.total))
        XCTAssertEqual(service.calls.completed, [CatalogSearchService.searchMethod: 1])
        XCTAssertEqual(service.calls.cancelled, [:])
    }

    func testSignalsAreCold() async throws {
        let (service, scheduler) = try makeService()
        let signal = service.search("cat")
        scheduler.runUntilIdle()
        XCTAssertEqual(service.calls.total, 0, "nothing happens before a subscription")
        let recorder = Recorder<SearchResults>()
        record(signal, on: scheduler, into: recorder)
        record(signal, on: scheduler, into: recorder)
        scheduler.runUntilIdle()
        XCTAssertEqual(service.calls.started[CatalogSearchService.searchMethod], 2)
        XCTAssertEqual(recorder.values.count, 2)
    }

    /// Arrival time of every metadata answer for some photos, in a fresh service.
    private func metadataTimings() throws -> [String] {
        let (service, scheduler) = try makeService()
        var log: [String] = []
        for record in Fixtures.records.prefix(20) {
            service.favorites(photoID: record.id).subscribe { event in
                if case .next(let value) = event { log.append("\(record.id) favorites=\(value) at \(scheduler.now)") }
            }
            service.comments(photoID: record.id).subscribe { event in
                if case .next(let value) = event { log.append("\(record.id) comments=\(value) at \(scheduler.now)") }
            }
        }
        scheduler.runUntilIdle()
        XCTAssertEqual(
            service.calls.started, [CatalogSearchService.favoritesMethod: 20, CatalogSearchService.infoMethod: 20])
        return log
    }

    func testMetadataLatencyIsWithinRangeVariedAndIdenticalAcrossRuns() async throws {
        let first = try metadataTimings()
        let second = try metadataTimings()
        XCTAssertEqual(first.count, 40)
        XCTAssertEqual(first, second)

        let latency = ServiceLatency.standard
        var seen = Set<Duration>()
        for record in Fixtures.records.prefix(50) {
            for method in [CatalogSearchService.favoritesMethod, CatalogSearchService.infoMethod] {
                let delay = latency.forPhoto(method: method, photoID: record.id)
                XCTAssertTrue(delay >= .milliseconds(150) && delay <= .milliseconds(300), "\(delay)")
                seen.insert(delay)
            }
        }
        XCTAssertGreaterThan(seen.count, 20, "latencies vary between photos")
    }

    func testMetadataValueArrivesAtItsLatencyNotBefore() async throws {
        let (service, scheduler) = try makeService()
        let photo = Fixtures.records[7]
        let delay = service.latency.forPhoto(method: CatalogSearchService.favoritesMethod, photoID: photo.id)
        let recorder = Recorder<Int>()
        record(service.favorites(photoID: photo.id), on: scheduler, into: recorder)
        scheduler.advance(by: delay - .milliseconds(1))
        XCTAssertEqual(recorder.events, 0)
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(recorder.values.map(\.0), [photo.favorites])
        XCTAssertEqual(recorder.values.map(\.1), [delay])

        let metadata = Recorder<PhotoMetadata>()
        record(service.metadata(photoID: photo.id), on: scheduler, into: metadata)
        scheduler.runUntilIdle()
        XCTAssertEqual(metadata.values.map(\.0), [PhotoMetadata(favorites: photo.favorites, comments: photo.comments)])
    }

    func testDisposingBeforeTheAnswerCancelsTheCall() async throws {
        let (service, scheduler) = try makeService()
        let recorder = Recorder<SearchResults>()
        let subscription = record(service.search("sunset"), on: scheduler, into: recorder)
        scheduler.advance(by: .milliseconds(200))
        subscription.dispose()
        XCTAssertEqual(scheduler.pendingCount, 0, "the timer is cancelled")
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(recorder.events, 0)
        XCTAssertEqual(service.calls.started, [CatalogSearchService.searchMethod: 1])
        XCTAssertEqual(service.calls.cancelled, [CatalogSearchService.searchMethod: 1])
        XCTAssertEqual(service.calls.completed, [:])
    }

    func testDisposingAfterTheAnswerIsNotACancellation() async throws {
        let (service, scheduler) = try makeService()
        let recorder = Recorder<Int>()
        let subscription = record(service.comments(photoID: Fixtures.records[0].id), on: scheduler, into: recorder)
        scheduler.runUntilIdle()
        subscription.dispose()
        XCTAssertEqual(recorder.values.count, 1)
        XCTAssertEqual(service.calls.cancelled, [:])
        XCTAssertEqual(service.calls.completed, [CatalogSearchService.infoMethod: 1])
    }

    func testUnknownPhotoFailsWithPhotoNotFoundAfterTheLatency() async throws {
        let (service, scheduler) = try makeService()
        let recorder = Recorder<Int>()
        record(service.favorites(photoID: "404"), on: scheduler, into: recorder)
        let delay = service.latency.forPhoto(method: CatalogSearchService.favoritesMethod, photoID: "404")
        scheduler.advance(by: delay - .milliseconds(1))
        XCTAssertEqual(recorder.events, 0)
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(recorder.errors.map(\.0), [.photoNotFound("404")])
        XCTAssertEqual(recorder.errors.map(\.1), [delay])
        XCTAssertEqual(service.calls.failed, [CatalogSearchService.favoritesMethod: 1])
    }

    func testOfflineFailsEveryCallAfterTheLatency() async throws {
        let (service, scheduler) = try makeService(network: .offline)
        let search = Recorder<SearchResults>()
        let favorites = Recorder<Int>()
        record(service.search("sunset"), on: scheduler, into: search)
        record(service.favorites(photoID: Fixtures.records[0].id), on: scheduler, into: favorites)
        scheduler.advance(by: .milliseconds(149))
        XCTAssertEqual(search.events + favorites.events, 0)
        scheduler.runUntilIdle()
        XCTAssertEqual(search.values.count + favorites.values.count, 0)
        XCTAssertEqual(search.errors.map(\.0), [.unreachable("the network is offline")])
        XCTAssertEqual(search.errors.map(\.1), [.milliseconds(400)])
        XCTAssertEqual(favorites.errors.map(\.0), [.unreachable("the network is offline")])
        XCTAssertEqual(service.calls.started.values.reduce(0, +), 2)
        XCTAssertEqual(service.calls.failed.values.reduce(0, +), 2)
    }

    /// Which of 60 searches fail, as a string of "x" (failed) and "." (answered).
    private func flakyPattern(percent: Int, faultSeed: UInt64) throws -> String {
        let (service, scheduler) = try makeService(network: .flaky(percent: percent), faultSeed: faultSeed)
        var pattern = ""
        for _ in 0..<60 {
            service.search("cat").subscribe { event in
                switch event {
                case .next: pattern += "."
                case .failed(let error):
                    XCTAssertEqual(error as? ModelError, .unreachable("the request timed out (flaky network)"))
                    pattern += "x"
                case .completed: break
                }
            }
            scheduler.runUntilIdle()
        }
        return pattern
    }

    func testFlakyNetworkFailsSomeCallsReproducibly() async throws {
        let half = try flakyPattern(percent: 50, faultSeed: 1)
        XCTAssertEqual(half.count, 60)
        XCTAssertTrue((15...45).contains(half.filter { $0 == "x" }.count), half)
        XCTAssertEqual(try flakyPattern(percent: 50, faultSeed: 1), half, "same seed, same failures")
        XCTAssertNotEqual(try flakyPattern(percent: 50, faultSeed: 2), half)
        XCTAssertEqual(try flakyPattern(percent: 0, faultSeed: 1), String(repeating: ".", count: 60))
        XCTAssertEqual(try flakyPattern(percent: 100, faultSeed: 1), String(repeating: "x", count: 60))
    }

    func testSlowNetworkAddsItsDelay() async throws {
        let (service, scheduler) = try makeService(network: .slow(extra: .milliseconds(1_000)))
        let recorder = Recorder<SearchResults>()
        record(service.search("cat"), on: scheduler, into: recorder)
        scheduler.runUntilIdle()
        XCTAssertEqual(recorder.values.map(\.1), [.milliseconds(1_400)])
    }

    func testLatencyOverrideAppliesToEveryCallAndZeroIsStillAsynchronous() async throws {
        let (service, scheduler) = try makeService(latency: .fixed(.milliseconds(50)))
        let search = Recorder<SearchResults>()
        let comments = Recorder<Int>()
        record(service.search("cat"), on: scheduler, into: search)
        record(service.comments(photoID: Fixtures.records[3].id), on: scheduler, into: comments)
        scheduler.runUntilIdle()
        XCTAssertEqual(search.values.map(\.1), [.milliseconds(50)])
        XCTAssertEqual(comments.values.map(\.1), [.milliseconds(50)])

        service.latency = .fixed(.zero)
        let instant = Recorder<SearchResults>()
        record(service.search("dog"), on: scheduler, into: instant)
        XCTAssertEqual(instant.events, 0, "delivered through the scheduler, not during subscribe")
        scheduler.advance(by: .zero)
        XCTAssertEqual(instant.values.count, 1)
    }

    func testDetailsAndPopularAreCountedAndAnswered() async throws {
        let (service, scheduler) = try makeService()
        let record = Fixtures.records[11]
        let details = Recorder<PhotoDetails>()
        let popular = Recorder<[Photo]>()
        self.record(service.details(photoID: record.id), on: scheduler, into: details)
        self.record(service.popular(), on: scheduler, into: popular)
        scheduler.runUntilIdle()
        XCTAssertEqual(details.values.first?.0.title, record.title)
        XCTAssertEqual(popular.values.first?.0, try Fixtures.catalog().popular())
        XCTAssertEqual(
            service.calls.started, [CatalogSearchService.infoMethod: 1, CatalogSearchService.popularMethod: 1])
        service.resetCounts()
        XCTAssertEqual(service.calls.total, 0)
        XCTAssertEqual(service.calls.completed, [:])
    }

    /// vmsh starts without opening the catalog: the first call that needs it opens it, once.
    func testTheCatalogIsOpenedByTheFirstCallThatNeedsItAndOnlyOnce() throws {
        let scheduler = VirtualScheduler()
        let catalog = try Fixtures.catalog()
        var opened = 0
        let service = CatalogSearchService(
            opening: {
                opened += 1
                return catalog
            }, scheduler: scheduler)
        let search = service.search("sunset")
        XCTAssertEqual(opened, 0, "a call is cold: nothing runs before it is subscribed")
        let results = Recorder<SearchResults>()
        record(search, on: scheduler, into: results)
        XCTAssertEqual(opened, 1)
        let photo = try XCTUnwrap(catalog.search(text: "sunset").photos.first)
        let favorites = Recorder<Int>()
        record(service.favorites(photoID: photo.id), on: scheduler, into: favorites)
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(opened, 1)
        XCTAssertEqual(results.values.map(\.0.photos), [try catalog.search(text: "sunset").photos])
        XCTAssertEqual(favorites.values.map(\.0), [try catalog.counts(photoID: photo.id).favorites])
    }
}
