import Foundation

// The JSON shapes of Flickr's replies (../shared/design/FLICKR.md), decoded leniently: Flickr
// sends many numbers as strings (and older replies send even more of them that way), and
// leaves fields out rather than sending null.

/// A whole number sent as a JSON number or as a string ("320662").
struct FlexibleInt: Decodable, Sendable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not a whole number")
        }
    }
}

/// Text that is sometimes sent as a number (ids, server numbers, a title such as 2019).
struct FlexibleString: Decodable, Sendable {
    let value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not text")
        }
    }
}

/// Flickr's wrapper for text in getInfo: `{"_content": "..."}`.
struct Content<Value: Decodable & Sendable>: Decodable, Sendable {
    let _content: Value
}

/// What every reply has: `stat` "ok", or "fail" with a code and a message.
struct Envelope: Decodable {
    let stat: String?
    let code: FlexibleInt?
    let message: String?
}

/// flickr.photos.search.
struct SearchPayload: Decodable, Sendable {
    struct Page: Decodable, Sendable {
        let page: FlexibleInt?
        let pages: FlexibleInt?
        let perpage: FlexibleInt?
        let total: FlexibleInt
        let photo: [Entry]
    }

    struct Entry: Decodable, Sendable {
        let id: FlexibleString
        let owner: String?
        let secret: String?
        let server: FlexibleString?
        let title: FlexibleString?
        /// Present only when `extras` asks for owner_name.
        let ownername: String?
    }

    let photos: Page
}

/// flickr.photos.getFavorites: the count is `photo.total`, usually a string.
struct FavoritesPayload: Decodable, Sendable {
    struct Favorites: Decodable, Sendable {
        let total: FlexibleInt
    }

    let photo: Favorites
}

/// flickr.photos.getInfo: everything optional but the id, so a sparse photo still decodes.
struct InfoPayload: Decodable, Sendable {
    struct Info: Decodable, Sendable {
        let id: FlexibleString
        let title: Content<FlexibleString>?
        let description: Content<FlexibleString>?
        let owner: Owner?
        let dates: Dates?
        let views: FlexibleInt?
        /// The comment count, a string: `comments._content` (not the tutorial's `_text`).
        let comments: Content<FlexibleInt>?
        let tags: Tags?
        let urls: URLs?
    }

    struct Owner: Decodable, Sendable {
        let nsid: String?
        let username: String?
        let realname: String?
        let location: String?
    }

    struct Dates: Decodable, Sendable {
        /// Unix seconds, as a string.
        let posted: FlexibleInt?
        /// "2019-05-04 17:32:10", the camera's local time without a zone.
        let taken: String?
    }

    struct Tags: Decodable, Sendable {
        let tag: [Content<FlexibleString>]
    }

    struct URLs: Decodable, Sendable {
        struct Entry: Decodable, Sendable {
            let type: String?
            let _content: String
        }
        let url: [Entry]
    }

    let photo: Info
}

/// flickr.photos.getSizes: width and height are numbers now, strings in older replies.
struct SizesPayload: Decodable, Sendable {
    struct Sizes: Decodable, Sendable {
        let size: [Size]
    }

    struct Size: Decodable, Sendable {
        let label: String
        let width: FlexibleInt?
        let height: FlexibleInt?
        /// The image itself (`url` is its page on Flickr).
        let source: String
    }

    let sizes: Sizes
}
