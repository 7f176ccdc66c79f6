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
        id = info.id.value
        title = info.title?._content.value ?? ""
        description = info.description?._content.value ?? ""
        owner = info.owner?.nsid ?? ""
        ownerName = info.owner?.username ?? info.owner?.realname ?? owner
        realName = info.owner?.realname.flatMap { $0.isEmpty ? nil : $0 }
        location = info.owner?.location.flatMap { $0.isEmpty ? nil : $0 }
        posted = info.dates?.posted?.value
        taken = info.dates?.taken.flatMap(Self.unixSeconds)
        views = info.views?.value
        comments = info.comments?._content.value
        tags = info.tags?.tag.map(\._content.value) ?? []
        let urls = info.urls?.url ?? []
        pageURL = (urls.first { $0.type == "photopage" } ?? urls.first)?._content
    }

    /// The pager's view. A photo whose taken date is unknown shows its upload date, as Flickr does.
    func details(sizes: [PhotoSize]) -> PhotoDetails {
        PhotoDetails(
            id: id, title: title, owner: owner, ownerName: ownerName, taken: taken ?? posted ?? 0, posted: posted ?? 0,
            description: description, tags: tags, views: views ?? 0, sizes: sizes, pageURL: pageURL)
    }

    /// "2019-05-04 17:32:10" read as UTC; nil for anything else (Flickr sends "0000-00-00 00:00:00" when unknown).
    static func unixSeconds(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 6, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        return calendar.date(from: components).map { Int($0.timeIntervalSince1970) }
    }
}

extension SearchPayload {
    /// The model's view of a result page; a photo without extras=owner_name shows its owner's NSID.
    func results(for text: String) -> SearchResults {
        let photos = self.photos.photo.map { entry in
            Photo(
                id: entry.id.value, title: entry.title?.value ?? "", owner: entry.owner ?? "",
                ownerName: entry.ownername ?? entry.owner ?? "", secret: entry.secret ?? "",
                server: entry.server?.value ?? "")
        }
        return SearchResults(searchText: text, photos: photos, totalResults: self.photos.total.value)
    }
}

extension SizesPayload {
    /// Smallest first, as `PhotoDetails.sizes` wants them.
    var photoSizes: [PhotoSize] {
        sizes.size
            .map { PhotoSize(label: $0.label, longestEdge: max($0.width?.value ?? 0, $0.height?.value ?? 0), url: $0.source) }
            .sorted { $0.longestEdge < $1.longestEdge }
    }
}
