import PhotoModel
import Reactive

/// The full-size photo pager (FRPFullSizePhotoViewModel): the photos of a list and the index
/// of the one shown. Each page gets a fresh `PhotoViewModel`, as UIPageViewController makes a
/// new page controller; the page shown is active while the pager is, and the page left is
/// deactivated (cancelling its fetch) and disposed.
@MainActor
public final class PhotoPagerViewModel: ViewModel {
    /// The photos to page through (the book's `model`).
    public let photos: [Photo]
    /// Where the pager opened, from 0.
    public let initialPhotoIndex: Int
    /// The index of the photo shown, from 0; `next` and `previous` move it within bounds.
    public let index: Property<Int>
    /// The ViewModel of the photo shown.
    public let current: Property<PhotoViewModel>

    private let services: any ViewModelServices
    private var isActive = false

    /// Nil when `initialPhotoIndex` is not a photo of `photos`: a pager always shows one.
    public init?(photos: [Photo], initialPhotoIndex: Int, services: any ViewModelServices) {
        guard photos.indices.contains(initialPhotoIndex) else { return nil }
        self.photos = photos
        self.initialPhotoIndex = initialPhotoIndex
        self.services = services
        index = Property(initialPhotoIndex)
        current = Property(PhotoViewModel(photo: photos[initialPhotoIndex], index: initialPhotoIndex, services: services))
        services.instrumentation?.track(self)
    }

    /// The initial photo's name (the book sets the pager's title from it once).
    public var title: String { initialPhotoName }
    public var initialPhotoModel: Photo { photos[initialPhotoIndex] }
    public var initialPhotoName: String { initialPhotoModel.title }

    /// The photo at `index`, or nil out of range (photoModelAtIndex:).
    public func photoAt(_ index: Int) -> Photo? {
        photos.indices.contains(index) ? photos[index] : nil
    }

    /// Shows the next photo; false (and nothing changes) at the last one.
    @discardableResult
    public func next() -> Bool { show(index.value + 1) }

    /// Shows the previous photo; false (and nothing changes) at the first one.
    @discardableResult
    public func previous() -> Bool { show(index.value - 1) }

    private func show(_ newIndex: Int) -> Bool {
        guard let photo = photoAt(newIndex) else { return false }
        let leaving = current.value
        leaving.setActive(false)
        leaving.dispose()
        // Active before it is published, so whoever shows it sees its loading state at once.
        let arriving = PhotoViewModel(photo: photo, index: newIndex, services: services)
        if isActive { arriving.setActive(true) }
        index.value = newIndex
        current.value = arriving
        return true
    }

    /// The pager is active while on top of the stack; so is the photo it shows.
    public func setActive(_ active: Bool) {
        isActive = active
        current.value.setActive(active)
    }

    public func dispose() {
        current.value.setActive(false)
        current.value.dispose()
    }
}
