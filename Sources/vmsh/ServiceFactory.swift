import ArgumentParser
import EventLoop
import Foundation
import LineEditing
import PhotoCatalog
import PhotoModel
import Reactive
import Shell
import SimulatedService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if Flickr
    import FlickrAPI
#endif

/// Where photos come from (`--service`).
enum ServiceKind: String, ExpressibleByArgument, CaseIterable {
    /// The embedded catalog behind a simulated network: offline and reproducible.
    case catalog
    /// Flickr's REST API (or a server that speaks it, see `--flickr-endpoint`).
    case flickr
}

/// Builds the Model service the flags ask for. Startup problems that leave nothing to run
/// (no API key) print why and exit with status 2, before the shell prints anything.
@MainActor
struct ServiceFactory {
    let options: Options
    /// Where its warnings go: one may come in the middle of a session (see `catalogService`).
    let output: any OutputSink
    var environment = ProcessInfo.processInfo.environment
    /// Where a catalog's generation shows how it is going, if anywhere.
    var progress: ProgressLine?
    /// The catalog once a service opened it: the session's later services (`goto`'s, each
    /// student's fork's) read the same one, which is never written, rather than open it again
    /// (an in-memory catalog would be generated again, in half a second and 7 MiB each).
    private let opened = OpenedCatalog()

    static let keyHelpURL = "https://www.flickr.com/services/apps/create/"

    /// Checks that the service flags go together; called from `Options.checked()`.
    nonisolated static func validate(_ options: Options) throws(Options.Invalid) {
        if options.flickrEndpoint != nil, options.service != .flickr {
            throw Options.Invalid("--flickr-endpoint needs --service flickr")
        }
        if options.record != nil || options.replay != nil {
            guard options.service == .flickr else {
                throw Options.Invalid("--record needs --service flickr (it records what Flickr answers)")
            }
            guard options.record == nil || options.replay == nil else {
                throw Options.Invalid("--record and --replay do not go together")
            }
        }
        guard options.service == .flickr else { return }
        if options.virtualClock && options.replay == nil {
            throw Options.Invalid(
                "--service flickr needs the live clock (replies arrive in real time): drop --virtual-clock")
        }
        if options.catalog != nil || options.latency != nil || options.catalogSize != nil {
            throw Options.Invalid("--catalog, --catalog-size and --latency apply to --service catalog only")
        }
    }

    nonisolated static func flickrEndpoint(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    func makeService(scheduler: any Scheduler) -> any PhotoSearchService {
        switch options.service {
        case .flickr:
            #if Flickr
                // A cassette answers on the shell's own clock, virtual or live.
                if options.replay != nil { return replayService(scheduler: scheduler) }
                // validate() stops this earlier.
                guard let scheduler = scheduler as? LiveScheduler else {
                    fail("vmsh: --service flickr needs the live clock: drop --virtual-clock\n")
                }
                return flickrService(scheduler: scheduler)
            #else
                fail(Self.noFlickrClient)
            #endif
        case .catalog:
            return catalogService(scheduler: scheduler)
        }
    }

    /// The Flickr API key wherever the user keeps one: the secret no output may hold. Found
    /// whatever the service, since a key in the environment can be typed or pasted into any
    /// session, and a replay uses none but its cassette may hold it.
    var apiKey: String? { try? FlickrKey.find(environment: environment).get() }

    /// What a build without the Flickr trait (scripts/vmsh's quick first build) says to
    /// `--service flickr`, `--record` and `--replay`.
    static let noFlickrClient =
        "vmsh: this quick build has no Flickr client; scripts/install builds the full vmsh "
        + "(scripts/vmsh builds it in the background and uses it once it is there)\n"

    #if Flickr

        private func flickrService(scheduler: LiveScheduler) -> any PhotoSearchService {
            let key: String
            switch FlickrKey.find(environment: environment) {
            case .success(let found): key = found
            case .failure(let problem): fail(problem.message(keyHelpURL: Self.keyHelpURL))
            }
            let endpoint = options.flickrEndpoint.flatMap(Self.flickrEndpoint) ?? FlickrRequest.defaultEndpoint
            let timeout = App.parseDuration(options.flickrTimeout) ?? .seconds(10)
            // One HTTP client for http and https alike, on one event-loop thread that sleeps while it waits.
            var transport: any HTTPTransport = HTTPClientTransport(
                timeout: timeout, proxyFor: endpoint, environment: environment)
            if let path = options.record {
                do {
                    transport = try CassetteRecorder(path: path, apiKey: key, inner: transport)
                } catch {
                    fail("vmsh: \(error)\n")
                }
            }
            return FlickrSearchService(apiKey: key, endpoint: endpoint, scheduler: scheduler, transport: transport)
        }

        /// `--replay FILE`: the Flickr client answered by a cassette on the shell's own clock, no key needed.
        private func replayService(scheduler: any Scheduler) -> any PhotoSearchService {
            let endpoint = options.flickrEndpoint.flatMap(Self.flickrEndpoint) ?? FlickrRequest.defaultEndpoint
            do {
                let cassette = try CassetteReplay(path: options.replay ?? "", scheduler: scheduler)
                return FlickrSearchService(
                    apiKey: "", endpoint: endpoint, delivery: MainThreadDelivery(), transport: cassette)
            } catch {
                fail("vmsh: \(error)\n")
            }
        }

    #endif

    /// The embedded catalog behind a simulated network. The file is prepared now (generated
    /// when missing, so `-c quit` makes one; refused when its header is not a catalog's) and
    /// opened when a call first needs it: opening SQLite costs more than the rest of vmsh's
    /// start, and a session may never search. A file that cannot be used costs one warning, now
    /// or at that first call, and a catalog in memory takes its place.
    private func catalogService(scheduler: any Scheduler) -> any PhotoSearchService {
        let latency = options.latency.map { ServiceLatency.fixed(.milliseconds($0)) } ?? .standard
        do throws(CatalogError) {
            let (path, createDirectories) = try catalogPath()
            let (count, vocabulary) = catalogSettings
            defer { progress?.end() }
            try Catalog.prepare(
                path: path, seed: options.seed, count: count, vocabulary: vocabulary,
                createDirectories: createDirectories, progress: progress.map(Self.generationProgress))
        } catch {
            let catalog = fallbackCatalog(after: error, midSession: false)
            return CatalogSearchService(catalog: catalog, scheduler: scheduler, latency: latency)
        }
        return CatalogSearchService(
            opening: { [opened] in
                if let catalog = opened.catalog { return catalog }
                switch openCatalog() {
                case .success(let catalog):
                    opened.catalog = catalog
                    return catalog
                case .failure(let error): return fallbackCatalog(after: error, midSession: true)
                }
            }, scheduler: scheduler, latency: latency)
    }

    /// A catalog's generation said on `line`.
    private static func generationProgress(on line: ProgressLine) -> @Sendable (CatalogProgress) -> Void {
        { step in
            switch step {
            case .photos(let done, let total):
                line.update("generating the catalog: \(done.grouped) of \(total.grouped) photos")
            case .indexing:
                line.update("generating the catalog: building the search index")
            }
        }
    }

    /// The catalog the flags name (`--catalog`), or the default one in the data directory,
    /// whose folders are created if missing (a named path's folder must exist).
    func openCatalog() -> Result<Catalog, CatalogError> {
        let (count, vocabulary) = catalogSettings
        return Result { () throws(CatalogError) -> Catalog in
            let (path, createDirectories) = try catalogPath()
            return try Catalog(
                path: path, seed: options.seed, count: count, vocabulary: vocabulary,
                createDirectories: createDirectories)
        }
    }

    /// `--catalog`, else the default file for the settings in the data directory (whose folders
    /// may be created).
    private func catalogPath() throws(CatalogError) -> (path: String, createDirectories: Bool) {
        if let path = options.catalog { return (path, false) }
        let (count, vocabulary) = catalogSettings
        let path = try Catalog.defaultPath(
            seed: options.seed, count: count, vocabulary: vocabulary, environment: environment)
        return (path, true)
    }

    /// The embedded catalog, or a scale catalog of `--catalog-size` photos.
    var catalogSettings: (count: Int, vocabulary: CatalogVocabulary) {
        options.catalogSize.map { ($0, .zipf) } ?? (CatalogGenerator.defaultCount, .classic)
    }

    /// After `error`, one warning and the same catalog generated in memory. A scale catalog
    /// (over 100,000 photos) would take too long: at start vmsh stops; in the middle of a session
    /// it goes on with an empty catalog. If even memory fails (exhausted), an empty one, and if
    /// that fails too, vmsh cannot run.
    private func fallbackCatalog(after error: CatalogError, midSession: Bool) -> Catalog {
        let problem = "vmsh: \("\(error)".sanitizedForTerminal)"
        let (count, vocabulary) = catalogSettings
        let memory = Catalog.memoryPath
        if count > 100_000 {
            let advice = "not generating \(count) photos in memory: name a new file with --catalog"
            guard midSession else { fail("\(problem); \(advice)\n") }
            output.writeError("\(problem); searches find nothing this session (\(advice))\n")
        } else {
            output.writeError("\(problem); using a catalog in memory instead\n")
            if let catalog = try? Catalog(path: memory, seed: options.seed, count: count, vocabulary: vocabulary) {
                return catalog
            }
        }
        if let catalog = try? Catalog(path: memory, count: 0) { return catalog }
        output.writeError("vmsh: cannot make a catalog even in memory\n")
        exit(1)
    }

    /// Prints `message` (its paths and names come from the command line, the environment and
    /// files) line by line with control characters made visible, then exits.
    private func fail(_ message: String) -> Never {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        output.writeError(lines.map { String($0).sanitizedForTerminal }.joined(separator: "\n"))
        exit(2)
    }
}

/// The catalog a session's services share, once one of them has opened it.
@MainActor
private final class OpenedCatalog {
    var catalog: Catalog?
}
