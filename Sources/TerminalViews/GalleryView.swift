import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// The gallery screen (FRPGalleryViewController): "loading…" while the popular photos load,
/// then the first of them, numbered for `open N`, or why there are none.
///
/// Like the pager's View it binds to changes when it renders and drops the bindings when it
/// stops being on top, so the load that activation starts is printed once.
@MainActor
public final class GalleryView: ViewForViewModel, RowOpening {
    public let gallery: GalleryViewModel
    public var viewModel: any ViewModel { gallery }
    public var isTop = false {
        didSet { if !isTop { bindings.inner = nil } }
    }
    private let console: any Console
    private let style: Style
    private let pageSize: Int
    private let bindings = SerialDisposable()

    public init(viewModel: GalleryViewModel, console: any Console, style: Style, pageSize: Int = 10) {
        gallery = viewModel
        self.console = console
        self.style = style
        self.pageSize = pageSize
    }

    public static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> GalleryView? {
        (viewModel as? GalleryViewModel).map { GalleryView(viewModel: $0, console: console, style: style) }
    }

    public var openableRowCount: Int { gallery.photos.value.count }

    public func open(row: Int, services: any ViewModelServices) -> Result<RowAction, ViewRefusal> {
        let photos = gallery.photos.value
        guard !photos.isEmpty else {
            if gallery.isLoading.value {
                return .failure(ViewRefusal("the gallery is still loading: wait, then open N"))
            }
            return .failure(ViewRefusal("the gallery is empty: no photo to open ('popular' loads it again)"))
        }
        return photos.openPager(at: row, listHas: "the gallery has", services: services)
    }

    public func promptPart(separator: String, unicode: Bool) -> String { "popular" }

    public func hint(for command: String) -> String? {
        guard ["visible", "scroll"].contains(command) else { return nil }
        return "\(command) works on a results list; the gallery shows its first rows: "
            + "open N opens any photo, then next and prev page"
    }

    public func render() {
        let heading = style.bold(gallery.title.quotedForTerminal)
        if gallery.isLoading.value {
            console.print("\(heading): loading…")
        } else if let error = gallery.loadError.value {
            console.print("\(heading): " + noPhotos(error))
        } else if gallery.photos.value.isEmpty {
            console.print("\(heading): no photos")
        } else {
            console.print("\(heading): \(gallery.photos.value.count.counted("photo"))")
            renderRows()
        }
        bindings.inner = bind()
    }

    /// Prints later changes, each naming the gallery, while this View is on top.
    private func bind() -> any Disposable {
        let all = CompositeDisposable()
        let name = gallery.title.quotedForTerminal
        all.add(
            gallery.isLoading.changes.subscribeNext { [weak self] loading in
                guard let self, loading, self.isTop else { return }
                self.console.print("\(name): loading…")
            })
        all.add(
            gallery.photos.changes.subscribeNext { [weak self] photos in
                guard let self, self.isTop else { return }
                self.console.print("\(name): \(photos.count.counted("photo"))")
                self.renderRows()
            })
        all.add(
            gallery.loadError.changes.subscribeNext { [weak self] error in
                guard let self, let error, self.isTop else { return }
                self.console.print("\(name): " + self.noPhotos(error))
            })
        return all
    }

    /// The first page of photos, numbered as `open N` takes them.
    private func renderRows() {
        let photos = gallery.photos.value
        guard !photos.isEmpty else { return }
        let shown = min(pageSize, photos.count)
        for (index, photo) in photos.prefix(shown).enumerated() {
            let number = SearchView.number(index + 1, of: photos.count)
            console.print("  \(number)  \(photo.title.quotedForTerminal) by \(photo.ownerName.terminalField())")
        }
        console.print(style.dim("rows 1-\(shown) of \(photos.count) shown; open N pages through all \(photos.count)"))
    }

    private func noPhotos(_ error: String) -> String {
        "no photos (" + style.red("could not load them") + ": \(error.terminalField(limit: 200)))"
    }

    public func dispose() { bindings.dispose() }
}
