import PhotoCatalog
import PhotoModel
import Reactive
import SeededRandom

/// The app's Model-layer service backed by the embedded catalog, simulating Flickr's network:
/// each call takes time on the given scheduler, can fail as the network condition says, and
/// is counted per API method so a learner can see what a flow costs.
///
/// Every call is a cold signal. On subscribe the call is counted and the query runs at once
/// (it is fast); the answer, or the failure as a `ModelError`, is delivered after the
/// latency through `scheduler.schedule`. Disposing before then cancels the timer and counts
/// the call as cancelled, so a flow that cancels stale requests shows it in the counts.
@MainActor
public final class CatalogSearchService: PhotoSearchService {
    /// API method names, as Flickr spells them; the keys of the counts.
    public static let searchMethod = "flickr.photos.search"
    public static let favoritesMethod = "flickr.photos.getFavorites"
    public static let infoMethod = "flickr.photos.getInfo"
    public static let popularMethod = "flickr.interestingness.getList"

    /// The catalog, opened the first time a call needs it (see `init(opening:…)`).
    public private(set) lazy var catalog: Catalog = openCatalog()
    private let openCatalog: () -> Catalog
    public let scheduler: any Scheduler
    /// Can be changed between calls; calls already made keep their latency.
    public var latency: ServiceLatency
    /// Can be changed between calls (a shell command such as `network offline`).
    public var network: NetworkCondition
    /// How many photos a search returns (Flickr's per_page).
    public var searchLimit: Int

    /// Calls per method: started, completed, failed, cancelled.
    public private(set) var calls = CallCounts()

    /// Decides which calls fail on a flaky network; seeded, so a script fails the same calls every run.
    private var faults: SplitMix64

    public convenience init(
        catalog: Catalog,
        scheduler: any Scheduler,
        latency: ServiceLatency = .standard,
        network: NetworkCondition = .online,
        searchLimit: Int = Catalog.defaultSearchLimit,
        faultSeed: UInt64 = 1
    ) {
        self.init(
            opening: { catalog }, scheduler: scheduler, latency: latency, network: network,
            searchLimit: searchLimit, faultSeed: faultSeed)
    }

    /// A service whose catalog is opened by `openCatalog`, once, when a call first needs it:
    /// opening and checking a catalog costs more than the rest of vmsh's start, and a session
    /// may never search.
    public init(
        opening openCatalog: @escaping () -> Catalog,
        scheduler: any Scheduler,
        latency: ServiceLatency = .standard,
        network: NetworkCondition = .online,
        searchLimit: Int = Catalog.defaultSearchLimit,
        faultSeed: UInt64 = 1
    ) {
        self.openCatalog = openCatalog
        self.scheduler = scheduler
        self.latency = latency
        self.network = network
        self.searchLimit = searchLimit
        self.faults = SplitMix64.stream(seed: faultSeed, purpose: 3)
    }

    public func search(_ text: String) -> Signal<SearchResults> {
        call(
            Self.searchMethod, latency: { $0.forSearch() },
            query: { catalog, limit in
                let (photos, total) = try catalog.search(text: text, limit: limit)
                let near = total == 0 ? try catalog.nearWords(to: text) : []
                return SearchResults(searchText: text, photos: photos, totalResults: total, suggestions: near)
            })
    }

    public func favorites(photoID: String) -> Signal<Int> {
        call(
            Self.favoritesMethod, latency: { $0.forPhoto(method: Self.favoritesMethod, photoID: photoID) },
            query: { _, _ in
                try self.counts(photoID: photoID).favorites
            })
    }

    public func comments(photoID: String) -> Signal<Int> {
        call(
            Self.infoMethod, latency: { $0.forPhoto(method: Self.infoMethod, photoID: photoID) },
            query: { _, _ in
                try self.counts(photoID: photoID).comments
            })
    }

    /// Title, owner, dates, description, tags and views (another flickr.photos.getInfo call),
    /// with Flickr's standard sizes and the page address, which follow from the photo itself.
    public func details(photoID: String) -> Signal<PhotoDetails> {
        call(
            Self.infoMethod, latency: { $0.forPhoto(method: Self.infoMethod, photoID: photoID) },
            query: { catalog, _ in
                try catalog.record(photoID: photoID).details
            })
    }

    /// The most interesting photos of the catalog (flickr.interestingness.getList).
    public func popular() -> Signal<[Photo]> {
        call(
            Self.popularMethod, latency: { $0.forSearch() },
            query: { catalog, limit in
                try catalog.popular(limit: limit)
            })
    }

    /// Forgets every count (not the flaky generator's position).
    public func resetCounts() { calls = CallCounts() }

    /// The photo whose counts were read last, and its counts. A row asks for its favorites and
    /// its comments together, so the second call reuses what the first read; a catalog never
    /// changes once built, so what was read stays true.
    private var lastCounts: (photoID: String, counts: Catalog.Counts)?

    private func counts(photoID: String) throws -> Catalog.Counts {
        if let last = lastCounts, last.photoID == photoID { return last.counts }
        let counts = try catalog.counts(photoID: photoID)
        lastCounts = (photoID, counts)
        return counts
    }

    /// One simulated API call: counted on subscribe, answered after the latency.
    private func call<Value>(
        _ method: String,
        latency: @escaping (ServiceLatency) -> Duration,
        query: @escaping (Catalog, Int) throws -> Value
    ) -> Signal<Value> {
        Signal { observer in
            self.calls.start(method)
            let outcome = self.outcome { try query(self.catalog, self.searchLimit) }
            var delay = latency(self.latency)
            if case .slow(let extra) = self.network { delay += extra }
            var answered = false
            let timer = self.scheduler.schedule(after: delay) {
                answered = true
                switch outcome {
                case .success(let value):
                    self.calls.end(method, .completed)
                    observer.send(value)
                    observer.sendCompleted()
                case .failure(let error):
                    self.calls.end(method, .failed)
                    observer.send(error: error)
                }
            }
            return ActionDisposable {
                guard !answered else { return }
                timer.dispose()
                self.calls.end(method, .cancelled)
            }
        }
    }

    /// The network's verdict, then the query's result, as a `ModelError` on failure.
    private func outcome<Value>(_ query: () throws -> Value) -> Result<Value, ModelError> {
        switch network {
        case .offline:
            return .failure(.unreachable("the network is offline"))
        case .flaky(let percent):
            if faults.next(below: 100) < percent {
                return .failure(.unreachable("the request timed out (flaky network)"))
            }
        case .online, .slow:
            break
        }
        do {
            return .success(try query())
        } catch let error as ModelError {
            return .failure(error)
        } catch {
            // Flickr's "service currently unavailable".
            return .failure(.service(code: 105, message: "\(error)"))
        }
    }
}
