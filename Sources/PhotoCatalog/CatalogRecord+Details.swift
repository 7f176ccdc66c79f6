import PhotoModel

extension CatalogRecord {
    /// Everything the photo pager shows: getInfo's fields plus what follows from the photo's
    /// id, owner, secret and server (its sizes and page), which the catalog does not store.
    public var details: PhotoDetails {
        PhotoDetails(
            id: id, title: title, owner: owner, ownerName: ownerName, taken: taken, posted: posted,
            description: description, tags: tags, views: views, sizes: photo.standardSizes, pageURL: photo.pageURL)
    }
}
