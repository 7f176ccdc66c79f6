import PhotoModel
import Reactive
import ViewModels

public struct FakeError: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the network is offline" }
}

/// A service on the virtual scheduler with fixed latencies, counting started, finished and cancelled calls.
@MainActor
public final class FakeSearchService: PhotoSearchService {
    public let scheduler: VirtualScheduler
    public var failSearches = false
    public var failMetadata = false
    /// Makes `details` fail (after its latency) with `FakeError`.
    public var failDetails = false
    /// Makes `popular` fail (after its latency) with `FakeError`.
    public var failPopular = false
    public var photoCount = 3
    public private(set) var started: [String] = []
    public private(set) var finished: [String] = []
    public private(set) var cancelled: [String] = []

    public init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

    public static func photo(_ index: Int) -> Photo {
        Photo(
            id: "p\(index)", title: index == 2 ? "Angry \u{1B}[31msky" : "Photo \(index)", owner: "o@N01",
            ownerName: "Owner", secret: "abc", server: "1")
    }

    private func call<T>(_ name: String, after latency: Duration, fail: @escaping () -> Bool, value: T) -> Signal<T> {
        Signal { observer in
            self.started.append(name)
            let timer = self.scheduler.schedule(after: latency) {
                self.finished.append(name)
                if fail() {
                    observer.send(error: FakeError())
                } else {
                    observer.send(value)
                    observer.sendCompleted()
                }
            }
            return ActionDisposable {
                if !timer.isDisposed {
                    timer.dispose()
                    self.cancelled.append(name)
                }
            }
        }
    }

    public func search(_ text: String) -> Signal<SearchResults> {
        let photos = (1...max(photoCount, 1)).prefix(photoCount).map(Self.photo)
        let results = SearchResults(searchText: text, photos: Array(photos), totalResults: photoCount * 10)
        return call("search \(text)", after: .milliseconds(400), fail: { self.failSearches }, value: results)
    }

    public func favorites(photoID: String) -> Signal<Int> {
        call("favorites \(photoID)", after: .milliseconds(200), fail: { self.failMetadata }, value: 40)
    }

    public func comments(photoID: String) -> Signal<Int> {
        call("comments \(photoID)", after: .milliseconds(300), fail: { self.failMetadata }, value: 7)
    }

    /// The details of photo "pN", after 250 ms; an unknown id fails with `photoNotFound`.
    public func details(photoID: String) -> Signal<PhotoDetails> {
        guard let index = Int(photoID.dropFirst()), photoID.hasPrefix("p") else {
            return .fail(ModelError.photoNotFound(photoID))
        }
        return call(
            "details \(photoID)", after: .milliseconds(250), fail: { self.failDetails }, value: Self.details(index))
    }

    /// Photos 1 to `photoCount`, after 400 ms.
    public func popular() -> Signal<[Photo]> {
        let photos = (0..<photoCount).map { Self.photo($0 + 1) }
        return call("popular", after: .milliseconds(400), fail: { self.failPopular }, value: photos)
    }

    public static func details(_ index: Int) -> PhotoDetails {
        let photo = photo(index)
        return PhotoDetails(
            id: photo.id, title: photo.title, owner: photo.owner, ownerName: photo.ownerName,
            taken: 1_400_000_000, posted: 1_400_086_400 + index, description: "Seen from\nthe roof \u{1B}[2J",
            tags: ["sky", "p\(index)"], views: 1000 + index, sizes: Array(photo.standardSizes.prefix(2)),
            pageURL: photo.pageURL)
    }
}

/// Records pushes instead of showing anything.
@MainActor
public final class FakeServices: ViewModelServices {
    public let fake: FakeSearchService
    public let virtual: VirtualScheduler
    public private(set) var pushed: [any ViewModel] = []
    /// Nil unless a test watches the ViewModels' event log (see `instrumented()`).
    public var instrumentation: Instrumentation?

    public init() {
        virtual = VirtualScheduler()
        fake = FakeSearchService(scheduler: virtual)
    }

    /// Gives the ViewModels an event log on the virtual clock, and returns it.
    public func instrumented() -> EventLog {
        let virtual = self.virtual
        let log = EventLog(clock: { virtual.now })
        instrumentation = Instrumentation(eventLog: log)
        return log
    }

    public var searchService: any PhotoSearchService { fake }
    public var scheduler: any Scheduler { virtual }
    public func push(_ viewModel: any ViewModel) { pushed.append(viewModel) }
    public func pop() -> Bool { pushed.popLast() != nil }
}

/// Records every value of a signal as text, with the virtual time it arrived at.
@MainActor
public final class Timeline<Value> {
    public private(set) var events: [String] = []
    private var subscription: (any Disposable)?

    public init(
        _ signal: Signal<Value>, on scheduler: VirtualScheduler, describe: @escaping (Value) -> String = { "\($0)" }
    ) {
        subscription = signal.subscribe { [weak self] event in
            let ms = Int(scheduler.now / .milliseconds(1))
            switch event {
            case .next(let value): self?.events.append("\(ms): \(describe(value))")
            case .failed(let error): self?.events.append("\(ms): error \(error)")
            case .completed: self?.events.append("\(ms): completed")
            }
        }
    }
}
