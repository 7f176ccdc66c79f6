import PhotoModel
import Redaction

extension RecentSearch {
    /// Every text field with the process's secrets taken out: what the state database stores, and
    /// what it gives back from a file an earlier session may have written with the key in it.
    var redacted: RecentSearch {
        var search = self
        search.searchText = Secrets.redact(searchText)
        if let photo = firstPhoto {
            search.firstPhoto = Photo(
                id: Secrets.redact(photo.id), title: Secrets.redact(photo.title), owner: Secrets.redact(photo.owner),
                ownerName: Secrets.redact(photo.ownerName), secret: Secrets.redact(photo.secret),
                server: Secrets.redact(photo.server))
        }
        return search
    }
}
