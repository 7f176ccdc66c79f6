import Foundation

@testable import FlickrAPI

// Replies in the shapes of ../shared/design/FLICKR.md, and helpers to decode them.

enum Fixture {
    static let key = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    static let endpoint = URL(string: "http://127.0.0.1:8080/services/rest/")!

    /// The sample search reply of FLICKR.md, numbers as numbers.
    static let search = """
        {"photos":{"page":1,"pages":3207,"perpage":100,"total":320662,
         "photo":[{"id":"32547078274","owner":"148578535@N03","secret":"dcc9f61d9f",
         "server":"3855","farm":4,"title":"Bird","ispublic":1,"isfriend":0,"isfamily":0}]},
         "stat":"ok"}
        """

    /// The older form: pages and total as strings.
    static let searchStrings =
        search
        .replacingOccurrences(of: "\"pages\":3207", with: "\"pages\":\"3207\"")
        .replacingOccurrences(of: "\"total\":320662", with: "\"total\":\"320662\"")

    static func favorites(total: String) -> String {
        """
        {"photo":{"person":[{"nsid":"1@N01","username":"fan","favedate":"1557000000"}],"id":"32547078274",
         "secret":"dcc9f61d9f","server":"3855","farm":4,"page":1,"pages":417,"perpage":1,"total":\(total)},"stat":"ok"}
        """
    }

    static func info(comments: String) -> String {
        """
        {"photo":{"id":"32547078274","secret":"dcc9f61d9f","server":"3855","farm":4,"dateuploaded":"1557000000",
         "owner":{"nsid":"148578535@N03","username":"birder","realname":"Ann Bird","location":"Oslo","iconserver":"0"},
         "title":{"_content":"Bird"},"description":{"_content":"On a branch."},
         "dates":{"posted":"1557000000","taken":"2019-05-04 17:32:10","takengranularity":0},
         "views":"1234","comments":{"_content":\(comments)},
         "tags":{"tag":[{"id":"1","author":"148578535@N03","raw":"Bird","_content":"bird","machine_tag":0}]},
         "urls":{"url":[{"type":"photopage","_content":"https:\\/\\/www.flickr.com\\/photos\\/birder\\/32547078274\\/"}]},
         "media":"photo"},"stat":"ok"}
        """
    }

    /// getSizes, largest first as a server might send them; `width` as a number or a string.
    static func sizes(width: String) -> String {
        """
        {"sizes":{"canblog":0,"canprint":0,"candownload":1,"size":[
         {"label":"Small","width":\(width),"height":160,"source":"https:\\/\\/live.staticflickr.com\\/3855\\/32547078274_dcc9f61d9f_m.jpg","url":"u","media":"photo"},
         {"label":"Square","width":"75","height":"75","source":"https://live.staticflickr.com/3855/32547078274_dcc9f61d9f_s.jpg","url":"u","media":"photo"}]},
         "stat":"ok"}
        """
    }

    static let fail = #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#

    static func reply(_ body: String, status: Int = 200, type: String? = "application/json") -> HTTPReply {
        HTTPReply(status: status, contentType: type, body: Data(body.utf8))
    }

    static func decode<Payload: Decodable>(_ type: Payload.Type, _ body: String, status: Int = 200) throws(FlickrError)
        -> Payload
    {
        try FlickrDecoding.decode(type, from: reply(body, status: status))
    }

    /// The error `body` decodes to, or nil when it decodes.
    static func failure<Payload: Decodable>(_ type: Payload.Type, _ reply: HTTPReply) -> FlickrError? {
        do {
            _ = try FlickrDecoding.decode(type, from: reply)
            return nil
        } catch {
            return error
        }
    }
}
