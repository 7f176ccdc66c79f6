import Dataflow
import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// What each event of a row's pipeline was caused by: a row's counts are traced back through the
/// calls and the 1 s wait to the show, and to the command that showed the row.
@MainActor
struct MetadataCauseTests {
    let services = FakeServices()

    func makeItem(_ pipeline: MetadataPipeline) -> PhotoItemViewModel {
        PhotoItemViewModel(photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: pipeline)
    }

    @Test func theCountsComeFromTheLaterCallTheWaitTheShowAndItsCommand() throws {
        let log = services.instrumented()
        let item = makeItem(.fixed)
        Cause.running(Cause(command: 2)) { item.setVisible(true) }
        services.virtual.advance(by: .seconds(2))
        let metadata = try #require(log.events.first { $0.stream == "row 1 · metadata" && $0.kind == .next("40/7") })
        #expect(
            log.causeChain(of: metadata.number, dropping: "row 1 · ") == [
                "1300: metadata next(\"40/7\")",
                "1300: comments next(\"7\")",
                "1000: comments subscribed",
                "1000: metadata subscribed",
                "1000: delay(1s) completed",
                "0: delay(1s) subscribed",
                "0: isVisible next(\"true\")",
                "#2",
            ])
        #expect(log.events.allSatisfy { $0.cause.command == 2 || $0.stream == "row 1 · isVisible" })
    }

    @Test func aHideIsTheCauseOfTheWaitItCancels() throws {
        let log = services.instrumented()
        let inputs = EventLog(clock: { [virtual = services.virtual] in virtual.now }, numberedWith: log)
        services.instrumentation = Instrumentation(eventLog: log, inputLog: inputs)
        let item = makeItem(.fixed)
        Cause.running(Cause(command: 3)) { item.setVisible(true) }
        services.virtual.advance(by: .milliseconds(300))
        Cause.running(Cause(command: 4)) { item.setVisible(false) }
        let cancelled = try #require(log.events.first { $0.stream == "row 1 · delay(1s)" && $0.kind == .disposed })
        #expect(
            log.causeChain(of: cancelled.number, alsoIn: [inputs], dropping: "row 1 · ") == [
                "300: delay(1s) disposed",
                "300: hidden next(\"false\")",
                "300: isVisible next(\"false\")",
                "#4",
            ])
        #expect(services.virtual.pendingCount == 0)
    }

    @Test func theOriginalPipelineEndsAtTheHideThatCompletesTakeUntil() throws {
        let log = services.instrumented()
        let inputs = EventLog(clock: { [virtual = services.virtual] in virtual.now }, numberedWith: log)
        services.instrumentation = Instrumentation(eventLog: log, inputLog: inputs)
        let book = SubscriptionBook()
        book.read(log)
        book.read(inputs)
        let item = makeItem(.original)
        Cause.running(Cause(command: 2)) { item.setVisible(true) }
        services.virtual.advance(by: .milliseconds(100))
        Cause.running(Cause(command: 3)) { item.setVisible(false) }
        Cause.running(Cause(command: 5)) { item.setVisible(true) }
        services.virtual.advance(by: .seconds(3))
        let ended = try #require(log.events.first { $0.stream == "row 1 · takeUntil(hidden)" && $0.isEnd })
        #expect(ended.kind == .completed)
        #expect(
            log.causeChain(of: ended.number, alsoIn: [inputs], dropping: "row 1 · ") == [
                "100: takeUntil(hidden) completed",
                "100: hidden next(\"false\")",
                "100: isVisible next(\"false\")",
                "#3",
            ])
        #expect(item.favorites.value == nil, "the show of command 5 found nothing listening")
        #expect(book.liveSubscriptions.map(\.stream) == ["row 1 · isVisible"], "takeUntil's end ended hidden too")
    }
}
