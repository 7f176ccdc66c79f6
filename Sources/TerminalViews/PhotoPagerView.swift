import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// The photo pager's screen (FRPFullSizePhotoViewController with its FRPPhotoViewController
/// page). It shows the current photo: "loading…" while its details are fetched (the book's
/// progress HUD bound to `loading`), then the details, or why they could not be loaded.
///
/// It binds to the photo's changes when it renders and drops the bindings when it stops
/// being on top, so what activation starts during a push or `back` is printed once, by the
/// render that follows, and only the top View prints.
@MainActor
public final class PhotoPagerView: ViewForViewModel, PhotoPaging {
    public let pager: PhotoPagerViewModel
    public var viewModel: any ViewModel { pager }
    public var isTop = false {
        didSet { if !isTop { photoBindings.inner = nil } }
    }
    private let console: any Console
    private let style: Style
    private let bag = CompositeDisposable()
    /// The bindings to the photo on screen, replaced on each render.
    private let photoBindings = SerialDisposable()

    public init(viewModel: PhotoPagerViewModel, console: any Console, style: Style) {
        pager = viewModel
        self.console = console
        self.style = style
        bag.add(photoBindings)
        // A new page (next, prev) is shown whole, as a page view controller shows its new child.
        bag.add(
            viewModel.current.changes.subscribeNext { [weak self] _ in
                guard let self, self.isTop else { return }
                self.render()
            })
    }

    public static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> PhotoPagerView? {
        (viewModel as? PhotoPagerViewModel).map { PhotoPagerView(viewModel: $0, console: console, style: style) }
    }

    public func promptPart(separator: String, unicode: Bool) -> String { "photo \(pager.index.value + 1)" }

    public func page(forward: Bool) -> ViewRefusal? {
        let count = pager.photos.count
        if forward {
            return pager.next()
                ? nil : ViewRefusal("already at the last photo (\(count) of \(count)): there is no next one")
        }
        return pager.previous()
            ? nil : ViewRefusal("already at the first photo (1 of \(count)): there is no previous one")
    }

    public func render() {
        let photo = pager.current.value
        let position = style.bold("photo \(photo.index + 1) of \(pager.photos.count)")
        console.print("\(position): \(photo.title.quotedForTerminal) by \(photo.photo.ownerName.terminalField())")
        if let details = photo.details.value {
            PhotoDetailsText.lines(details).forEach(console.print)
        } else if photo.isLoading.value {
            console.print("  loading…")
        } else if let error = photo.loadError.value {
            console.print("  " + couldNotLoad(error))
        }
        photoBindings.inner = bind(photo)
    }

    /// Prints the photo's later changes, each naming the photo, while this View is on top.
    private func bind(_ photo: PhotoViewModel) -> any Disposable {
        let bindings = CompositeDisposable()
        let name = "photo \(photo.index + 1) \(photo.title.quotedForTerminal)"
        bindings.add(
            photo.isLoading.changes.subscribeNext { [weak self, weak photo] loading in
                guard let self, let photo, self.isTop else { return }
                if loading {
                    self.console.print("\(name): loading…")
                } else if photo.details.value == nil && photo.loadError.value == nil {
                    // Loading stopped with neither answer: the fetch was cancelled.
                    self.console.print("\(name): inactive, details fetch cancelled")
                }
            })
        bindings.add(
            photo.details.changes.subscribeNext { [weak self] details in
                guard let self, let details, self.isTop else { return }
                self.console.print("\(name): details")
                PhotoDetailsText.lines(details).forEach(self.console.print)
            })
        bindings.add(
            photo.loadError.changes.subscribeNext { [weak self] error in
                guard let self, let error, self.isTop else { return }
                self.console.print("\(name): " + self.couldNotLoad(error))
            })
        return bindings
    }

    private func couldNotLoad(_ error: String) -> String {
        style.red("could not load the details") + " (\(error.terminalField(limit: 200)))"
    }

    public func dispose() { bag.dispose() }
}
