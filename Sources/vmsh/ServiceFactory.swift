#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlickrAPI
import Foundation
import PhotoCatalog
import PhotoModel
import EventLoop
import Reactive
import Shell

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
    let options: VMSH
    let output: StandardStreams
    var environment = ProcessInfo.processInfo.environment

    static let keyHelpURL = "https://www.flickr.com/services/apps/create/"

    /// Checks the service flags together; called from `VMSH.validate()`.
    nonisolated static func validate(_ options: VMSH) throws {
        if let endpoint = options.flickrEndpoint {
            guard options.service == .flickr else { throw ValidationError("--flickr-endpoint needs --service flickr") }
            guard flickrEndpoint(endpoint) != nil else {
                throw ValidationError("--flickr-endpoint takes an http or https URL, such as \(FlickrRequest.defaultEndpoint)")
            }
        }
        guard let timeout = App.parseDuration(options.flickrTimeout), timeout > .zero, timeout <= .seconds(300) else {
            throw ValidationError("--flickr-timeout takes a duration from 1ms to 5m, such as 10s")
        }
        if options.record != nil || options.replay != nil {
            guard options.service == .flickr else {
                throw ValidationError("--record and --replay need --service flickr")
            }
            guard options.record == nil || options.replay == nil else {
                throw ValidationError("--record and --replay do not go together")
            }
        }
        guard options.service == .flickr else { return }
        if options.virtualClock && options.replay == nil {
            throw ValidationError("--service flickr needs the live clock (replies arrive in real time): drop --virtual-clock")
        }
        if options.catalog != nil || options.latency != nil {
            throw ValidationError("--catalog and --latency apply to --service catalog only")
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
            // A cassette answers on the shell's own clock, virtual or live.
            if options.replay != nil { return replayService(scheduler: scheduler) }
            guard let scheduler = scheduler as? LiveScheduler else {
                fail("vmsh: --service flickr needs the live clock: drop --virtual-clock
")  // validate() stops this earlier
            }
            return flickrService(scheduler: scheduler)
        case .catalog:
            return catalogService(scheduler: scheduler)
        }
    }

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

    /// The embedded catalog behind a simulated network.
    private func catalogService(scheduler: any Scheduler) -> any PhotoSearchService {
        let catalog: Catalog
        do {
            if let path = options.catalog {
                catalog = try Catalog(path: path, seed: options.seed)
            } else {
                catalog = try Catalog.openDefault(seed: options.seed, environment: environment)
            }
        } catch {
            output.writeError("vmsh: \(error); using a catalog in memory instead\n")
            // Generation in memory cannot fail but for memory exhaustion; an empty one keeps the shell up.
            guard let fallback = try? Catalog(path: Catalog.memoryPath, seed: options.seed) else {
                fail("vmsh: cannot make a catalog in memory either\n")
            }
            catalog = fallback
        }
        let latency = options.latency.map { Duration.milliseconds($0) }
        return CatalogSearchService(catalog: catalog, scheduler: scheduler, latency: latency.map(ServiceLatency.fixed) ?? .standard)
    }

    private func fail(_ message: String) -> Never {
        output.writeError(message)
        exit(2)
    }
}
