import PhotoModel
import TerminalViews
import ViewModels

/// The photo pager and the gallery (FunctionalReactivePixels): `open N` on a photo list,
/// `next` / `prev` in the pager, `popular` for the gallery.
extension Shell {
    static let photoCommands: [ShellCommand] = [
        ShellCommand(
            name: "next", usage: "next",
            summary: "in the photo pager: show the next photo; the one left becomes inactive, cancelling its fetch",
            example: "next", run: { try $0.page($1, forward: true) }),
        ShellCommand(
            name: "prev", usage: "prev",
            summary: "in the photo pager: show the previous photo",
            example: "prev", run: { try $0.page($1, forward: false) }),
        ShellCommand(
            name: "popular", usage: "popular",
            summary: "go back to the root and push the gallery of the most interesting photos (it loads once active)",
            example: "popular", run: { try $0.popular($1) }),
    ]

    /// `open N` on a results list or the gallery: pushes the photo pager at row N. Nil when the
    /// top View is no photo list, so `open` can try its other meaning.
    func openPhoto(_ row: Int) throws(CommandFailure) -> LineOutcome? {
        let photos: [Photo]
        let list: String
        switch navigator.top {
        case let results as SearchResultsView:
            photos = results.results.items.map(\.photo)
            list = "the results have"
            guard !photos.isEmpty else { throw CommandFailure("the results are empty: no photo to open") }
        case let galleryView as GalleryView:
            let gallery = galleryView.gallery
            photos = gallery.photos.value
            list = "the gallery has"
            guard !photos.isEmpty else {
                if gallery.isLoading.value { throw CommandFailure("the gallery is still loading: wait, then open N") }
                throw CommandFailure("the gallery is empty: no photo to open ('popular' loads it again)")
            }
        default:
            return nil
        }
        guard let pager = PhotoPagerViewModel(photos: photos, initialPhotoIndex: row - 1, services: navigator) else {
            throw CommandFailure("no row \(row): \(list) \(Self.rows(1...photos.count))")
        }
        navigator.push(pager)
        return .succeeded
    }

    func page(_ argument: String, forward: Bool) throws(CommandFailure) -> LineOutcome {
        let name = forward ? "next" : "prev"
        guard argument.isEmpty else { throw CommandFailure("\(name) takes no arguments") }
        guard let view = navigator.top as? PhotoPagerView else {
            throw CommandFailure("\(name) works in the photo pager; open N on a results list or the gallery first")
        }
        let pager = view.pager
        let count = pager.photos.count
        if forward {
            guard pager.next() else { throw CommandFailure("already at the last photo (\(count) of \(count)): there is no next one") }
        } else {
            guard pager.previous() else { throw CommandFailure("already at the first photo (1 of \(count)): there is no previous one") }
        }
        return .succeeded
    }

    func popular(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("popular takes no arguments; to search for a text: search TEXT") }
        navigator.popToRoot()
        navigator.push(GalleryViewModel(services: navigator))
        return .succeeded
    }
}
