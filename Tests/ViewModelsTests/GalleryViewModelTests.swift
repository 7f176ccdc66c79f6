import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

@MainActor
struct GalleryViewModelTests {
    let services = FakeServices()

    func changes(of gallery: GalleryViewModel) -> ChangeLog {
        let log = ChangeLog(on: services.virtual)
        log.watch("loading", gallery.isLoading)
        log.watch("photos", gallery.photos) { "\($0.count)" }
        log.watch("error", gallery.loadError) { $0 ?? "nil" }
        return log
    }

    @Test func itLoadsWhenItBecomesActiveNotWhenMade() {
        let gallery = GalleryViewModel(services: services)
        let photos = Timeline(gallery.photos.signal, on: services.virtual) { $0.map(\.id).joined(separator: ",") }
        let log = changes(of: gallery)
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started.isEmpty)
        gallery.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started == ["popular"])
        #expect(photos.events == ["0: ", "1400: p1,p2,p3"])
        #expect(log.entries == ["1000: loading true", "1400: photos 3", "1400: loading false"])
        #expect(gallery.title == "Popular photos")
    }

    @Test func anErrorLeavesAnEmptyGalleryWithTheMessage() {
        services.fake.failPopular = true
        let gallery = GalleryViewModel(services: services)
        let log = changes(of: gallery)
        gallery.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(log.entries == ["0: loading true", "400: error the network is offline", "400: loading false"])
        #expect(gallery.photos.value.isEmpty)
        #expect(gallery.isLoading.value == false)
    }

    @Test func inactiveCancelsActiveAgainRetriesAndALoadedGalleryStaysLoaded() {
        let gallery = GalleryViewModel(services: services)
        let log = changes(of: gallery)
        gallery.setActive(true)
        services.virtual.advance(by: .milliseconds(100))
        gallery.setActive(false)
        #expect(services.fake.cancelled == ["popular"])
        gallery.setActive(true)
        services.virtual.advance(by: .seconds(1))
        gallery.setActive(false)
        gallery.setActive(true)
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started == ["popular", "popular"])
        #expect(
            log.entries == [
                "0: loading true", "100: loading false", "100: loading true", "500: photos 3", "500: loading false",
            ])
    }

    @Test func aDisposedGalleryIsFreedAndItsLoadCancelled() {
        weak var weakGallery: GalleryViewModel?
        do {
            let gallery = GalleryViewModel(services: services)
            gallery.setActive(true)
            gallery.dispose()
            weakGallery = gallery
        }
        #expect(weakGallery == nil)
        #expect(services.fake.cancelled == ["popular"])
    }
}
