import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

@MainActor
struct PhotoViewModelTests {
    let services = FakeServices()

    func makePhoto(_ number: Int = 1) -> PhotoViewModel {
        PhotoViewModel(photo: FakeSearchService.photo(number), index: number - 1, services: services)
    }

    /// Loading, details and error changes in the order they happened.
    func changes(of photo: PhotoViewModel) -> ChangeLog {
        let log = ChangeLog(on: services.virtual)
        log.watch("loading", photo.isLoading)
        log.watch("details", photo.details) { $0.map { "\($0.views) views" } ?? "nil" }
        log.watch("error", photo.loadError) { $0 ?? "nil" }
        return log
    }

    @Test func nothingIsFetchedBeforeItBecomesActive() {
        let photo = makePhoto()
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started.isEmpty)
        #expect(photo.isLoading.value == false)
        #expect(photo.title == "Photo 1")
    }

    @Test func activeLoadsThenShowsTheDetailsThenStopsLoading() {
        let photo = makePhoto()
        let loading = Timeline(photo.isLoading.signal, on: services.virtual)
        let details = Timeline(photo.details.signal, on: services.virtual) { $0.map { "\($0.views) views" } ?? "nil" }
        let log = changes(of: photo)
        photo.setActive(true)
        #expect(services.fake.started == ["details p1"])
        services.virtual.advance(by: .seconds(1))
        #expect(loading.events == ["0: false", "0: true", "250: false"])
        #expect(details.events == ["0: nil", "250: 1001 views"])
        #expect(log.entries == ["0: loading true", "250: details 1001 views", "250: loading false"])
        #expect(photo.details.value == FakeSearchService.details(1))
        #expect(photo.loadError.value == nil)
    }

    @Test func aFailedFetchStopsLoadingAndSaysWhy() {
        services.fake.failDetails = true
        let photo = makePhoto()
        let loading = Timeline(photo.isLoading.signal, on: services.virtual)
        let log = changes(of: photo)
        photo.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(loading.events == ["0: false", "0: true", "250: false"])
        #expect(log.entries == ["0: loading true", "250: error the network is offline", "250: loading false"])
        #expect(photo.details.value == nil)
    }

    @Test func becomingInactiveCancelsTheFetch() {
        let photo = makePhoto()
        let log = changes(of: photo)
        photo.setActive(true)
        services.virtual.advance(by: .milliseconds(100))
        photo.setActive(false)
        services.virtual.advance(by: .seconds(1))
        #expect(log.entries == ["0: loading true", "100: loading false"])
        #expect(services.fake.cancelled == ["details p1"])
        #expect(services.fake.finished.isEmpty)
        #expect(services.virtual.pendingCount == 0)
        #expect(photo.details.value == nil)
    }

    @Test func activeAgainRetriesAfterACancelButNotOnceTheDetailsAreIn() {
        let photo = makePhoto()
        let log = changes(of: photo)
        photo.setActive(true)
        services.virtual.advance(by: .milliseconds(100))
        photo.setActive(false)
        photo.setActive(true)
        services.virtual.advance(by: .seconds(1))
        photo.setActive(false)
        photo.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started == ["details p1", "details p1"])
        #expect(
            log.entries == [
                "0: loading true", "100: loading false", "100: loading true", "350: details 1001 views",
                "350: loading false",
            ])
    }

    @Test func aRetryAfterAnErrorClearsTheErrorFirst() {
        services.fake.failDetails = true
        let photo = makePhoto()
        let log = changes(of: photo)
        photo.setActive(true)
        services.virtual.advance(by: .seconds(1))
        services.fake.failDetails = false
        photo.setActive(false)
        photo.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(
            log.entries == [
                "0: loading true", "250: error the network is offline", "250: loading false",
                "1000: error nil", "1000: loading true", "1250: details 1001 views", "1250: loading false",
            ])
    }

    @Test func aServiceWithoutDetailsFailsInsteadOfLoadingForever() {
        let services = PlainServices()
        let photo = PhotoViewModel(photo: FakeSearchService.photo(1), index: 0, services: services)
        photo.setActive(true)
        #expect(photo.isLoading.value == false)
        #expect(photo.loadError.value == "this service cannot fetch photo details")
    }

    @Test func aDisposedPhotoViewModelIsFreedAndItsFetchCancelled() {
        weak var weakPhoto: PhotoViewModel?
        do {
            let photo = makePhoto()
            photo.setActive(true)
            services.virtual.advance(by: .milliseconds(100))
            photo.dispose()
            weakPhoto = photo
        }
        #expect(weakPhoto == nil)
        #expect(services.fake.cancelled == ["details p1"])
        #expect(services.virtual.pendingCount == 0)
    }
}

/// A service that implements only the required calls, so the protocol's defaults answer the rest.
@MainActor
final class SearchOnlyService: PhotoSearchService {
    func search(_ text: String) -> Signal<SearchResults> { .empty }
    func favorites(photoID: String) -> Signal<Int> { .empty }
    func comments(photoID: String) -> Signal<Int> { .empty }
}

@MainActor
final class PlainServices: ViewModelServices {
    let service = SearchOnlyService()
    let virtual = VirtualScheduler()
    var searchService: any PhotoSearchService { service }
    var scheduler: any Scheduler { virtual }
    func push(_ viewModel: any ViewModel) {}
    func pop() -> Bool { false }
}
