import Foundation
import PhotoModel

/// What flickr.photos.getInfo tells about one photo, as sent: fields Flickr may leave out are
/// optional or empty. `details(sizes:)` makes the pager's `PhotoDetails` of it.
struct FlickrPhotoInfo: Sendable, Equatable {
    var id: String
    var title: String
    var description: String
    /// The owner's NSID, e.g. "12345678@N01".
    var owner: String
    var ownerName: String
    var realName: String?
    var location: String?
    var posted: Int?
    /// Flickr gives the camera's local time without a zone; it is read as UTC so output never
    /// depends on the machine's zone.
    var taken: Int?
    var views: Int?
    var comments: Int?
    var tags: [String]
    /// The photo's page on Flickr.
    var pageURL: String?
}

extension FlickrPhotoInfo {
    init(_ info: InfoPayload.Info) {
        let clean = { (text: String) in DataText.clean(text) }
        id = clean(info.id.value)
        title = clean(info.title?._content.value ?? "")
        description = DataText.clean(info.description?._content.value ?? "", limit: DataText.longLimit)
        owner = clean(info.owner?.nsid ?? "")
        ownerName = clean(info.owner?.username ?? info.owner?.realname ?? owner)
        realName = info.owner?.realname.flatMap { $0.isEmpty ? nil : clean($0) }
        location = info.owner?.location.flatMap { $0.isEmpty ? nil : clean($0) }
        posted = info.dates?.posted.flatMap { Bounds.unixSeconds.contains($0.value) ? $0.value : nil }
        taken = info.dates?.taken.flatMap(UTCDate.unixSeconds(parsing:))
        views = info.views?.value
        comments = info.comments?._content.value
        tags = info.tags?.tag.map { clean($0._content.value) } ?? []
        let urls = info.urls?.url ?? []
        pageURL = (urls.first { $0.type == "photopage" } ?? urls.first).map { clean($0._content) }
    }

    /// The pager's view. A photo whose taken date is unknown shows its upload date, as Flickr does.
    func details(sizes: [PhotoSize]) -> PhotoDetails {
        PhotoDetails(
            id: id, title: title, owner: owner, ownerName: ownerName, taken: taken ?? posted ?? 0, posted: posted ?? 0,
            description: description, tags: tags, views: views ?? 0, sizes: sizes, pageURL: pageURL)
    }
}

extension SearchPayload {
    /// The model's view of a result page; a photo without extras=owner_name shows its owner's NSID.
    func results(for text: String) -> SearchResults {
        let photos = self.photos.photo.map { entry in
            Photo(
                id: DataText.clean(entry.id.value), title: DataText.clean(entry.title?.value ?? ""),
                owner: DataText.clean(entry.owner ?? ""),
                ownerName: DataText.clean(entry.ownername ?? entry.owner ?? ""),
                secret: DataText.clean(entry.secret ?? ""), server: DataText.clean(entry.server?.value ?? ""))
        }
        return SearchResults(searchText: text, photos: photos, totalResults: self.photos.total.value)
    }
}

extension SizesPayload {
    /// Smallest first, as `PhotoDetails.sizes` wants them.
    var photoSizes: [PhotoSize] {
        sizes.size
            .map {
                PhotoSize(
                    label: DataText.clean($0.label), longestEdge: max($0.width?.value ?? 0, $0.height?.value ?? 0),
                    url: DataText.clean($0.source, limit: DataText.longLimit))
            }
            .sorted { $0.longestEdge < $1.longestEdge }
    }
}
