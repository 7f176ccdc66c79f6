import Foundation
import PhotoCatalog
import PhotoModel

/// The three API methods over the catalog, in Flickr's JSON shapes (FLICKR.md): the strings
/// where Flickr sends strings, and its error bodies with HTTP 200.
struct FlickrMethods: Sendable {
    struct Reply {
        var status = 200
        var json: [String: Any]
    }

    let catalog: Catalog
    let state: StubState

    static let messages = [
        1: "Photo not found",
        3: "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.",
        10: "Sorry, the Flickr search API is not currently available.",
        100: "Invalid API Key (Key has invalid format)",
        105: "Service currently unavailable",
        116: "Bad URL found",
    ]

    /// Stands for the key in a reply's JSON until it is sent (`keyInText`): the key goes in escaped
    /// there, where JSONSerialization would escape the escapes.
    static let keyMark = "@@api-key@@"

    /// The key as a careless server might write it in JSON: each character in turn as `\u007a`
    /// (lower-case hex), as `\u005A` (the letter in upper case, upper-case hex) or as it is.
    static func jsonEscaped(_ key: String) -> String {
        key.unicodeScalars.enumerated().map { index, scalar in
            func escaped(_ scalar: Unicode.Scalar, upperCase: Bool) -> String {
                let hex = String(scalar.value, radix: 16, uppercase: upperCase)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            switch index % 3 {
            case 0: return escaped(scalar, upperCase: false)
            case 1: return escaped(String(scalar).uppercased().unicodeScalars.first ?? scalar, upperCase: true)
            default: return String(scalar)
            }
        }.joined()
    }

    static func fail(_ code: Int, _ message: String? = nil, status: Int = 200) -> Reply {
        Reply(
            status: status,
            json: ["stat": "fail", "code": code, "message": message ?? messages[code] ?? "Error \(code)"])
    }

    /// Faults first (as a broken server would), then the key, the budget, the format, the method.
    func answer(_ query: [String: String], _ plan: StubState.Plan) -> Reply {
        if plan.faults.forceCode != 0 { return Self.fail(plan.faults.forceCode) }
        if plan.randomFailure { return Self.fail(105) }
        if plan.faults.keyEcho, let key = query["api_key"] {
            // A careless server quoting the key back, in another letter case and escaped.
            let escaped = key.uppercased().utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            return Self.fail(100, "Invalid API Key (\(key.uppercased())) in /services/rest/?api_key=\(escaped)")
        }
        guard let key = query["api_key"], !key.isEmpty, state.keys.contains(key) else {
            let wellFormed = query["api_key"].map { $0.count == 32 && $0.allSatisfy(\.isHexDigit) } ?? true
            return Self.fail(100, wellFormed ? "Invalid API Key (Key not found)" : nil)
        }
        guard state.charge(key) else {
            // Flickr throttles a key over its budget with HTTP 429.
            return Self.fail(
                105, "Rate limit exceeded: more than \(state.budget) calls in the last hour for this key", status: 429)
        }
        let format = query["format"] ?? "rest"
        guard format == "json" else { return Self.fail(111, "Format \"\(format)\" not found") }
        let method = query["method"] ?? ""
        do {
            switch method {
            case "flickr.photos.search": return try search(query, plan.faults)
            case "flickr.photos.getFavorites": return try favorites(query)
            case "flickr.photos.getInfo": return try info(query, plan.faults)
            case "flickr.photos.getSizes": return try sizes(query)
            case "flickr.interestingness.getList": return try popular(query, plan.faults)
            default: return Self.fail(112, "Method \"\(method)\" not found")
            }
        } catch ModelError.photoNotFound {
            return Self.fail(1)
        } catch {
            return Self.fail(method == "flickr.photos.search" ? 10 : 105)
        }
    }

    private func search(_ query: [String: String], _ faults: Faults) throws -> Reply {
        let text = query["text"] ?? query["tags"]?.replacingOccurrences(of: ",", with: " ") ?? ""
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return Self.fail(3) }
        let perPage = min(max(Int(query["per_page"] ?? "") ?? 100, 1), 500)
        let page = max(Int(query["page"] ?? "") ?? 1, 1)
        // Flickr serves at most the first 4000 results of a search.
        let limit = min(page * perPage, 4000)
        let (photos, total) = try catalog.search(text: text, limit: limit)
        let listed = Self.padded(Array(photos.dropFirst((page - 1) * perPage)), to: faults.extraPhotos)
        let entries = try self.entries(listed[...], extras: query["extras"], faults)
        let listing = Self.page(page, perPage: perPage, total: total, entries, legacy: faults.legacyNumbers)
        return Reply(json: ["photos": listing, "stat": "ok"])
    }

    /// The catalog's most interesting photos; Flickr's list holds at most 500.
    private func popular(_ query: [String: String], _ faults: Faults) throws -> Reply {
        let perPage = min(max(Int(query["per_page"] ?? "") ?? 100, 1), 500)
        let page = max(Int(query["page"] ?? "") ?? 1, 1)
        let photos = try catalog.popular(limit: min(page * perPage, 500))
        let listed = Self.padded(Array(photos.dropFirst((page - 1) * perPage)), to: faults.extraPhotos)
        let entries = try self.entries(listed[...], extras: query["extras"], faults)
        let total = min(catalog.count, 500)
        let listing = Self.page(page, perPage: perPage, total: total, entries, legacy: faults.legacyNumbers)
        return Reply(json: ["photos": listing, "stat": "ok"])
    }

    private static func page(_ page: Int, perPage: Int, total: Int, _ entries: [[String: Any]], legacy: Bool)
        -> [String: Any]
    {
        let pages = (total + perPage - 1) / perPage
        return [
            "page": page, "pages": legacy ? String(pages) as Any : pages, "perpage": perPage,
            "total": legacy ? String(total) as Any : total, "photo": entries,
        ]
    }

    /// Photos as search and getList list them, with the extras asked for (owner_name, url_s, views).
    private func entries(_ photos: ArraySlice<Photo>, extras: String?, _ faults: Faults) throws -> [[String: Any]] {
        let extras = Set((extras ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let hostile = faults.hostileStrings
        return try photos.enumerated().map { index, photo in
            let title = hostile ? HostileText.pick(index) : photo.title
            var entry: [String: Any] = [
                "id": photo.id, "owner": photo.owner, "secret": photo.secret, "server": photo.server, "farm": 66,
                "title": faults.keyInText ? "\(title) \(Self.keyMark)" : title, "ispublic": 1, "isfriend": 0,
                "isfamily": 0,
            ]
            if extras.contains("owner_name") {
                let name = hostile ? HostileText.pick(index + 3) : photo.ownerName
                entry["ownername"] = faults.keyInText ? "\(Self.keyMark) \(name)" : name
            }
            if extras.contains("url_s") {
                entry.merge(["url_s": photo.url(size: "s"), "height_s": 75, "width_s": 75]) { $1 }
            }
            if extras.contains("views") { entry["views"] = String(try catalog.record(photoID: photo.id).views) }
            return entry
        }
    }

    private func favorites(_ query: [String: String]) throws -> Reply {
        let record = try catalog.record(photoID: query["photo_id"] ?? "")
        let perPage = min(max(Int(query["per_page"] ?? "") ?? 10, 1), 50)
        let page = max(Int(query["page"] ?? "") ?? 1, 1)
        let first = (page - 1) * perPage
        // The catalog keeps only the count, so the people are made up, the same on every call.
        let people = (first..<min(first + perPage, record.favorites)).map { index -> [String: Any] in
            [
                "nsid": "\(10_000_000 + index)@N0\(index % 10)", "username": "fan\(index + 1)",
                "favedate": String(record.posted + 3600 * (index + 1)),
            ]
        }
        let photo: [String: Any] = [
            "person": people, "id": record.id, "secret": record.secret, "server": record.server, "farm": 66,
            "page": page, "pages": (record.favorites + perPage - 1) / perPage, "perpage": perPage,
            "total": String(record.favorites),
        ]
        return Reply(json: ["photo": photo, "stat": "ok"])
    }

    private func info(_ query: [String: String], _ faults: Faults) throws -> Reply {
        let record = try catalog.record(photoID: query["photo_id"] ?? "")
        let username = faults.hostileStrings ? HostileText.pick(1) : record.ownerName
        let title = faults.hostileStrings ? HostileText.pick(0) : record.title
        let owner: [String: Any] = [
            "nsid": record.owner, "username": faults.keyInText ? "\(Self.keyMark) \(username)" : username,
            "realname": record.ownerName.contains(" ") ? record.ownerName : "", "location": "", "iconserver": "0",
            "iconfarm": 0,
        ]
        let photo: [String: Any] = [
            "id": record.id, "secret": record.secret, "server": record.server, "farm": 66,
            "dateuploaded": String(record.posted), "isfavorite": 0, "license": "0", "rotation": 0,
            "owner": owner, "title": ["_content": faults.keyInText ? "\(title) \(Self.keyMark)" : title],
            "description": ["_content": faults.hostileStrings ? HostileText.pick(5) : record.description],
            "visibility": ["ispublic": 1, "isfriend": 0, "isfamily": 0],
            "dates": [
                "posted": faults.posted ?? String(record.posted),
                "taken": UTCDate(unixSeconds: record.taken).dateTimeText,
                "takengranularity": 0, "takenunknown": "0",
            ],
            "views": String(record.views), "comments": ["_content": String(record.comments)],
            "tags": [
                "tag": record.tags.map {
                    ["id": "\(record.id)-\($0)", "author": record.owner, "raw": $0, "_content": $0, "machine_tag": 0]
                }
            ],
            "urls": [
                "url": [
                    ["type": "photopage", "_content": "https://www.flickr.com/photos/\(record.owner)/\(record.id)/"]
                ]
            ],
            "media": "photo",
        ]
        return Reply(json: ["photo": photo, "stat": "ok"])
    }

    /// Flickr's standard sizes (as the catalog's details list them), landscape 3:2 but the square.
    private func sizes(_ query: [String: String]) throws -> Reply {
        let record = try catalog.record(photoID: query["photo_id"] ?? "")
        let sizes = record.photo.standardSizes.map { size -> [String: Any] in
            let height = size.label == "Square" ? size.longestEdge : size.longestEdge * 2 / 3
            return [
                "label": size.label, "width": size.longestEdge, "height": height, "source": size.url,
                "url": record.photo.pageURL + "sizes/\(size.label.lowercased())/", "media": "photo",
            ]
        }
        return Reply(json: ["sizes": ["canblog": 0, "canprint": 0, "candownload": 1, "size": sizes], "stat": "ok"])
    }

    /// `photos` repeated until there are `count` of them (when `count` is more): a list longer
    /// than per_page, as a broken or hostile server sends.
    static func padded(_ photos: [Photo], to count: Int) -> [Photo] {
        guard count > photos.count, !photos.isEmpty else { return photos }
        return (0..<count).map { photos[$0 % photos.count] }
    }
}
