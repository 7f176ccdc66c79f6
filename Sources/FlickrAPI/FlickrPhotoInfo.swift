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
        taken = info.dates?.taken.flatMap(Self.unixSeconds)
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

    /// "2019-05-04 17:32:10" read as UTC; nil for anything else (Flickr sends "0000-00-00 00:00:00" when unknown).
    /// Every part is range-checked first, so the arithmetic below cannot overflow.
    static func unixSeconds(_ text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
        guard fields.count == 6, fields.allSatisfy({ $0.count <= 4 }) else { return nil }
        let parts = fields.compactMap { Int($0) }
        guard parts.count == 6, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]),
            (0...23).contains(parts[3]), (0...59).contains(parts[4]), (0...60).contains(parts[5])
        else { return nil }
        // Howard Hinnant's days-from-civil.
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = year / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] + (parts[1] > 2 ? -3 : 9)) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
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
