import FlickrAPI
import Foundation
import Reactive

/// A Flickr server on the virtual clock whose replies carry the key where a careless or hostile
/// one would: in titles and owner names (search, getInfo) and in an error's message (a search for
/// "broken"). Each text is the key already written in some encoding, for inside a JSON string.
/// Answers 100 ms after each call, on the main thread, as a replayed cassette does.
final class HostileServer: HTTPTransport, @unchecked Sendable {
    struct Texts {
        var title: String
        var ownerName: String
        var infoTitle: String
        var username: String
        var message: String
    }

    // Touched on the main thread only, like the scheduler.
    private let scheduler: VirtualScheduler
    private let texts: Texts

    init(scheduler: VirtualScheduler, texts: Texts) {
        self.scheduler = scheduler
        self.texts = texts
    }

    func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        let reply = HTTPReply(status: 200, body: Data(body(query).utf8))
        return MainActor.assumeIsolated {
            Cancel(timer: scheduler.schedule(after: .milliseconds(100)) { completion(.success(reply)) })
        }
    }

    private func body(_ query: [String: String]) -> String {
        switch query["method"] {
        case FlickrRequest.Method.search where query["text"] == "broken":
            return #"{"stat":"fail","code":105,"message":"Service unavailable for \#(texts.message)"}"#
        case FlickrRequest.Method.search, FlickrRequest.Method.interestingness:
            let photos = (1...3).map { index in
                #"{"id":"\#(index)","owner":"1@N01","secret":"s\#(index)","server":"1","farm":1,"#
                    + #""title":"Photo \#(index) \#(texts.title)","ownername":"\#(texts.ownerName) \#(index)"}"#
            }
            return
                #"{"photos":{"page":1,"pages":1,"perpage":100,"total":3,"photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#
        case FlickrRequest.Method.getFavorites:
            return #"{"photo":{"total":"7"},"stat":"ok"}"#
        case FlickrRequest.Method.getInfo:
            return #"""
                {"photo":{"id":"\#(query["photo_id"] ?? "1")","title":{"_content":"\#(texts.infoTitle)"},
                 "owner":{"nsid":"1@N01","username":"\#(texts.username)"},"dates":{"posted":"1557000000"},
                 "comments":{"_content":"2"}},"stat":"ok"}
                """#
        case FlickrRequest.Method.getSizes:
            return
                #"{"sizes":{"size":[{"label":"Small","width":240,"height":160,"source":"https://x/s.jpg"}]},"stat":"ok"}"#
        default:
            return #"{"stat":"fail","code":112,"message":"Method not found"}"#
        }
    }

    private struct Cancel: HTTPCancellable, @unchecked Sendable {
        // Disposed on the main thread only, like the transport itself.
        let timer: any Disposable
        func cancel() { MainActor.assumeIsolated { timer.dispose() } }
    }
}
