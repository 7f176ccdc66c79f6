import PhotoModel

// Every number from the network is checked against a range before the rest of vmsh sees it:
// a count of -1 or a date of Int.min is an unreadable reply, not a crash further up.

/// The ranges a number from Flickr must fall in.
enum Bounds {
    /// Results, favorites, comments, views.
    static let count = 0...1_000_000_000_000
    /// Upload dates: 1970 to the end of year 9999.
    static let unixSeconds = 0...253_402_300_799
    /// Image widths and heights.
    static let pixels = 0...1_000_000
}

extension FlexibleInt {
    /// The value, or `malformed` naming `field` when it lies outside `range`.
    func within(_ range: ClosedRange<Int>, _ field: String) throws(FlickrError) -> Int {
        guard range.contains(value) else { throw .malformed("\(field) is out of range") }
        return value
    }
}

extension SearchPayload {
    /// The results, checked, and cut to the `perPage` photos asked for: a server that sends
    /// more does not get them all shown (or all fetched).
    func checkedResults(for text: String, perPage: Int) throws(FlickrError) -> SearchResults {
        _ = try photos.total.within(Bounds.count, "photos.total")
        let all = results(for: text)
        return SearchResults(
            searchText: text, photos: Array(all.photos.prefix(max(0, perPage))), totalResults: all.totalResults)
    }
}

extension InfoPayload.Info {
    /// Throws when a number is out of range; a `taken` date that is not a date is left unknown.
    func check() throws(FlickrError) {
        if let posted = dates?.posted { _ = try posted.within(Bounds.unixSeconds, "photo.dates.posted") }
        if let views { _ = try views.within(Bounds.count, "photo.views") }
        if let comments { _ = try comments._content.within(Bounds.count, "photo.comments._content") }
    }
}

extension SizesPayload {
    /// `photoSizes`, after checking every width and height.
    func checkedSizes() throws(FlickrError) -> [PhotoSize] {
        for (index, size) in sizes.size.enumerated() {
            if let width = size.width { _ = try width.within(Bounds.pixels, "sizes.size[\(index)].width") }
            if let height = size.height { _ = try height.within(Bounds.pixels, "sizes.size[\(index)].height") }
        }
        return photoSizes
    }
}
