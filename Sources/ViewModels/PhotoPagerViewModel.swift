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

    // MARK: Inputs

    /// Call when the user pages forward: shows the next photo; false (and nothing changes) at the last one.
    @discardableResult
    public func next() -> Bool { show(index.value + 1) }

    /// Call when the user pages back: shows the previous photo; false (and nothing changes) at the first one.
    @discardableResult
    public func previous() -> Bool { show(index.value - 1) }

    /// Call when the pager becomes the top of the stack (true) or stops being it (false); the
    /// photo it shows is active while it is.
    public func setActive(_ active: Bool) {
        isActive = active
        current.value.setActive(active)
    }

    // MARK: Outputs

    /// Emits the index of the photo shown, from 0; `next` and `previous` move it within bounds.
    public let index: Property<Int>
    /// Emits the ViewModel of the photo shown.
    public let current: Property<PhotoViewModel>

    // MARK: State

    private let mutableIndex: MutableProperty<Int>
    private let mutableCurrent: MutableProperty<PhotoViewModel>
    private let services: any ViewModelServices
    private var isActive = false
    private let bag = CompositeDisposable()

    /// Nil when `initialPhotoIndex` is not a photo of `photos`: a pager always shows one.
    public init?(photos: [Photo], initialPhotoIndex: Int, services: any ViewModelServices) {
        guard photos.indices.contains(initialPhotoIndex) else { return nil }
        self.photos = photos
        self.initialPhotoIndex = initialPhotoIndex
        self.services = services
        mutableIndex = MutableProperty(initialPhotoIndex)
        mutableCurrent = MutableProperty(
            PhotoViewModel(photo: photos[initialPhotoIndex], index: initialPhotoIndex, services: services))
        index = Property(mutableIndex)
        current = Property(mutableCurrent)
        bag.add(services.instrumentation?.attach(self))
    }

    public let streamName = "pager"

    public var outputs: [ViewModelOutput] {
        [
            .constant("title (initialPhotoName)", .text(title)),
            .constant("photos", .number(photos.count)),
            // Not traced: each page's PhotoViewModel traces what it does.
            .property("index", self.index, trace: .none, reads: { .phrase("\($0) (photo \($0 + 1))") }),
            .holding("current", self.current, reads: { .viewModel("PhotoViewModel", title: $0.title) }),
        ]
    }

    /// The initial photo's name (the book sets the pager's title from it once).
    public var title: String { initialPhotoName }
    public var initialPhotoModel: Photo { photos[initialPhotoIndex] }
    public var initialPhotoName: String { initialPhotoModel.title }

    /// The photo at `index`, or nil out of range (photoModelAtIndex:).
    public func photoAt(_ index: Int) -> Photo? {
        photos.indices.contains(index) ? photos[index] : nil
    }

    private func show(_ newIndex: Int) -> Bool {
        guard let photo = photoAt(newIndex) else { return false }
        let leaving = current.value
        leaving.setActive(false)
        leaving.dispose()
        // Active before it is published, so whoever shows it sees its loading state at once.
        let arriving = PhotoViewModel(photo: photo, index: newIndex, services: services)
        if isActive { arriving.setActive(true) }
        mutableIndex.value = newIndex
        mutableCurrent.value = arriving
        return true
    }

    public func dispose() {
        bag.dispose()
        current.value.setActive(false)
        current.value.dispose()
    }
}
