import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

@MainActor
struct PhotoPagerViewModelTests {
    let services = FakeServices()
    let photos = (1...3).map { FakeSearchService.photo($0) }

    func makePager(at index: Int = 0) throws -> PhotoPagerViewModel {
        try #require(PhotoPagerViewModel(photos: photos, initialPhotoIndex: index, services: services))
    }

    @Test func itHoldsThePhotosAndOpensAtTheInitialIndexNamedAfterItsPhoto() throws {
        let pager = try makePager(at: 1)
        #expect(pager.photos == photos)
        #expect(pager.initialPhotoIndex == 1)
        #expect(pager.index.value == 1)
        #expect(pager.initialPhotoModel == photos[1])
        #expect(pager.initialPhotoName == "Angry \u{1B}[31msky")
        #expect(pager.title == pager.initialPhotoName)
        #expect(pager.current.value.photo == photos[1])
        #expect(services.fake.started.isEmpty, "nothing is fetched before the pager is active")
    }

    @Test func photoAtIsNilOutOfRange() throws {
        let pager = try makePager()
        #expect(pager.photoAt(-1) == nil)
        #expect(pager.photoAt(3) == nil)
        #expect(pager.photoAt(0) == photos[0])
        #expect(pager.photoAt(2) == photos[2])
    }

    @Test func anInitialIndexOutOfRangeMakesNoPager() {
        #expect(PhotoPagerViewModel(photos: photos, initialPhotoIndex: -1, services: services) == nil)
        #expect(PhotoPagerViewModel(photos: photos, initialPhotoIndex: 3, services: services) == nil)
        #expect(PhotoPagerViewModel(photos: [], initialPhotoIndex: 0, services: services) == nil)
    }

    @Test func nextAndPreviousStayWithinBounds() throws {
        let pager = try makePager()
        let index = Timeline(pager.index.signal, on: services.virtual)
        let shown = Timeline(pager.current.signal, on: services.virtual) { $0.photo.id }
        #expect(pager.previous() == false)
        #expect(pager.next() == true)
        #expect(pager.next() == true)
        #expect(pager.next() == false)
        #expect(pager.previous() == true)
        #expect(index.events == ["0: 0", "0: 1", "0: 2", "0: 1"])
        #expect(shown.events == ["0: p1", "0: p2", "0: p3", "0: p2"])
    }

    @Test func theShownPhotoOfAnActivePagerLoadsAndPagingAwayCancelsIt() throws {
        let pager = try makePager()
        pager.setActive(true)
        let first = pager.current.value
        services.virtual.advance(by: .milliseconds(100))
        pager.next()
        #expect(first.isActive.value == false)
        #expect(first.isLoading.value == false)
        #expect(pager.current.value.isLoading.value == true, "published already loading")
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started == ["details p1", "details p2"])
        #expect(services.fake.cancelled == ["details p1"])
        #expect(pager.current.value.details.value?.id == "p2")
    }

    @Test func anInactivePagerPagesWithoutFetchingUntilItIsActive() throws {
        let pager = try makePager()
        pager.next()
        services.virtual.advance(by: .seconds(1))
        #expect(services.fake.started.isEmpty)
        pager.setActive(true)
        #expect(services.fake.started == ["details p2"])
    }

    @Test func anInactivePagerDeactivatesItsPhoto() throws {
        let pager = try makePager()
        pager.setActive(true)
        services.virtual.advance(by: .milliseconds(100))
        pager.setActive(false)
        #expect(pager.current.value.isActive.value == false)
        #expect(services.fake.cancelled == ["details p1"])
        #expect(services.virtual.pendingCount == 0)
    }

    @Test func aPhotoPagedAwayAndAPoppedPagerAreFreed() throws {
        weak var weakPager: PhotoPagerViewModel?
        weak var weakFirst: PhotoViewModel?
        weak var weakSecond: PhotoViewModel?
        do {
            let pager = try makePager()
            services.push(pager)
            pager.setActive(true)
            weakFirst = pager.current.value
            pager.next()
            #expect(weakFirst == nil, "the page left is freed at once")
            weakSecond = pager.current.value
            services.virtual.advance(by: .milliseconds(100))
            // As the Navigator pops: inactive, then disposed.
            pager.setActive(false)
            pager.dispose()
            #expect(services.pop())
            weakPager = pager
        }
        #expect(weakPager == nil)
        #expect(weakSecond == nil)
        #expect(services.fake.cancelled == ["details p1", "details p2"])
        #expect(services.virtual.pendingCount == 0)
    }
}
