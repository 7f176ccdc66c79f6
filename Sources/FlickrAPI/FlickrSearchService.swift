import EventLoop
import Foundation
import PhotoModel
import Reactive

/// The Model-layer service backed by Flickr's REST API (or anything that speaks it, such as
/// flickr-stub).
///
/// Every call is a cold signal. Subscribing hands the request to the transport (which sends it
/// from its own event-loop thread, or queues it behind others to the same host) and
/// counts it as pending work on the live scheduler (so `wait idle` waits for it); the reply is
/// decoded there and handed back through the scheduler's mailbox, so events arrive on the
/// main actor. Disposing first cancels the request and releases the pending work.
@MainActor
public final class FlickrSearchService: PhotoSearchService, ServiceCallCounting {
    public let endpoint: URL
    /// Photos per search (Flickr's per_page, at most 500).
    public let perPage: Int
    private let apiKey: SecretKey
    private let delivery: any ReplyDelivery
    private let transport: any HTTPTransport

    /// Requests per API method: sent, and how each ended (for `stats`).
    public private(set) var calls = CallCounts()

    public func resetCounts() { calls = CallCounts() }

    public convenience init(
        apiKey: String, endpoint: URL = FlickrRequest.defaultEndpoint, scheduler: LiveScheduler,
        transport: any HTTPTransport = HTTPClientTransport(), perPage: Int = 100
    ) {
        self.init(
            apiKey: apiKey, endpoint: endpoint, delivery: MailboxDelivery(scheduler), transport: transport,
            perPage: perPage)
    }

    /// `delivery`: how replies reach the main actor (a live scheduler's mailbox, or at once for a cassette).
    public init(
        apiKey: String, endpoint: URL = FlickrRequest.defaultEndpoint, delivery: any ReplyDelivery,
        transport: any HTTPTransport, perPage: Int = 100
    ) {
        self.apiKey = SecretKey(apiKey)
        self.endpoint = endpoint
        self.delivery = delivery
        self.transport = transport
        self.perPage = perPage
    }

    public func search(_ text: String) -> Signal<SearchResults> {
        let perPage = self.perPage
        return call(.search(text, perPage: perPage, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: SearchPayload) throws(FlickrError) in
            try payload.checkedResults(for: text, perPage: perPage)
        }
    }

    public func favorites(photoID: String) -> Signal<Int> {
        call(.favorites(photoID: photoID, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: FavoritesPayload) throws(FlickrError) in
            try payload.photo.total.within(Bounds.count, "photo.total")
        }
    }

    public func comments(photoID: String) -> Signal<Int> {
        call(.info(photoID: photoID, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: InfoPayload) throws(FlickrError) in
            guard let comments = payload.photo.comments else { throw .malformed("photo.comments is missing") }
            return try comments._content.within(Bounds.count, "photo.comments._content")
        }
    }

    /// What the pager shows: getInfo and getSizes, two calls combined.
    public func details(photoID: String) -> Signal<PhotoDetails> {
        let info = call(.info(photoID: photoID, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: InfoPayload) throws(FlickrError) in
            try payload.photo.check()
            return FlickrPhotoInfo(payload.photo)
        }
        let sizes = call(.sizes(photoID: photoID, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: SizesPayload) throws(FlickrError) in
            try payload.checkedSizes()
        }
        return combineLatest(info, sizes).map { $0.details(sizes: $1) }
    }

    /// The gallery: flickr.interestingness.getList.
    public func popular() -> Signal<[Photo]> {
        let perPage = self.perPage
        return call(.popular(perPage: perPage, endpoint: endpoint, apiKey: apiKey.value)) {
            (payload: SearchPayload) throws(FlickrError) in
            try payload.checkedResults(for: "", perPage: perPage).photos
        }
    }

    /// One request as a signal: a value then completion, or one `ModelError`.
    private func call<Payload: Decodable & Sendable, Value: Sendable>(
        _ request: FlickrRequest, _ transform: @escaping @Sendable (Payload) throws(FlickrError) -> Value
    ) -> Signal<Value> {
        let delivery = self.delivery
        let transport = self.transport
        return Signal { [weak self] observer in
            let method = request.method
            self?.calls.start(method)
            let flight = InFlight(observer: observer, work: delivery.beginWork()) { [weak self] ending in
                switch ending {
                case .answered: self?.calls.end(method, .completed)
                case .failed: self?.calls.end(method, .failed)
                case .cancelled: self?.calls.end(method, .cancelled)
                }
            }
            // The reply runs with the cause the request was made under, as a timer does (`why`).
            let cause = Cause.current
            flight.task = transport.get(request.url) { outcome in
                // Decoding runs here, off the main thread; only the result crosses over.
                let result = Self.result(outcome, request, transform)
                delivery.deliver { Cause.running(cause) { flight.finish(result) } }
            }
            return ActionDisposable { flight.cancel() }
        }
    }

    nonisolated private static func result<Payload: Decodable, Value>(
        _ outcome: Result<HTTPReply, FlickrError>, _ request: FlickrRequest,
        _ transform: (Payload) throws(FlickrError) -> Value
    ) -> Result<Value, ModelError> {
        do throws(FlickrError) {
            let reply = try outcome.get()
            return .success(try transform(try FlickrDecoding.decode(Payload.self, from: reply)))
        } catch {
            return .failure(error.modelError(for: request))
        }
    }
}

/// One request between subscription and answer; whichever of `finish` and `cancel` comes
/// first wins, and both run on the main actor, so there is no race between them.
@MainActor
private final class InFlight<Value: Sendable> {
    enum Ending { case answered, failed, cancelled }

    private let observer: Observer<Value>
    private var work: (any Disposable)?
    private let ended: (Ending) -> Void
    var task: (any HTTPCancellable)?

    init(observer: Observer<Value>, work: any Disposable, ended: @escaping (Ending) -> Void) {
        self.observer = observer
        self.work = work
        self.ended = ended
    }

    func finish(_ result: Result<Value, ModelError>) {
        guard let work else { return }
        self.work = nil
        work.dispose()
        switch result {
        case .success(let value):
            ended(.answered)
            observer.send(value)
            observer.sendCompleted()
        case .failure(let error):
            ended(.failed)
            observer.send(error: error)
        }
    }

    func cancel() {
        guard let work else { return }
        self.work = nil
        work.dispose()
        task?.cancel()
        ended(.cancelled)
    }
}
