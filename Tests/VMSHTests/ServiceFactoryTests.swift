import Reactive
import Shell
import SimulatedService
import Testing

@testable import vmsh

/// The services one session makes (its first, `goto`'s, each student's fork's) read one catalog:
/// opening it again would generate an in-memory one again, in half a second and megabytes each.
@MainActor
struct ServiceFactoryTests {
    final class Discarded: OutputSink {
        func writeOutput(_ text: String) {}
        func writeError(_ text: String) {}
    }

    @Test func aSessionsServicesShareTheCatalogTheFirstOpened() throws {
        let options = try #require(QuickFlags.parse(["--catalog", ":memory:", "--virtual-clock"]))
        let factory = ServiceFactory(options: options, output: Discarded())
        let first = try #require(factory.makeService(scheduler: VirtualScheduler()) as? CatalogSearchService)
        let second = try #require(factory.makeService(scheduler: VirtualScheduler()) as? CatalogSearchService)
        #expect(first.catalog === second.catalog)
        #expect(first.catalog.wasGenerated)
        // Another session (another factory) opens its own.
        let other = ServiceFactory(options: options, output: Discarded())
        let third = try #require(other.makeService(scheduler: VirtualScheduler()) as? CatalogSearchService)
        #expect(third.catalog !== first.catalog)
    }
}
