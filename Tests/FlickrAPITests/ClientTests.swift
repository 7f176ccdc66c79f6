import EventLoop
import Foundation
import PhotoModel
import Reactive
import Testing

@testable import FlickrAPI

/// What one subscription received.
@MainActor
final class Recorder<Value> {
    var values: [Value] = []
    var error: (any Error)?
    var completed = false
    var isDone: Bool { completed || error != nil }

    func subscribe(_ signal: Signal<Value>) -> any Disposable {
        signal.subscribeNext(
            { self.values.append($0) }, error: { self.error = $0 }, completed: { self.completed = true })
    }
}

@MainActor @Suite struct ClientTests {
    let scheduler = LiveScheduler()
    let transport = FakeTransport()
    var service: FlickrSearchService {
        FlickrSearchService(apiKey: Fixture.key, endpoint: Fixture.endpoint, scheduler: scheduler, transport: transport)
    }

    @Test func replyArrivesThroughTheMailboxAndEndsThePendingWork() {
        let recorder = Recorder<SearchResults>()
        _ = recorder.subscribe(service.search("bird"))
        #expect(transport.all.count == 1)
        #expect(transport.all[0].url.absoluteString.contains("method=flickr.photos.search"))
        #expect(scheduler.pendingCount == 1)  // `wait idle` waits for the request

        transport.answer(0, .success(Fixture.reply(Fixture.search)))
        #expect(recorder.values.isEmpty)  // posted, not delivered: only the main loop delivers
        runLoop(scheduler) { recorder.isDone }
        #expect(recorder.values.map(\.totalResults) == [320_662])
        #expect(recorder.completed)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aReplyRunsWithTheCauseItsRequestWasMadeUnder() {
        let log = EventLog(clock: { .zero })
        let recorder = Recorder<SearchResults>()
        let call = service.search("bird").traced("search · flickrSearchSignal", in: log)
        _ = Cause.running(Cause(command: 3)) { recorder.subscribe(call) }
        transport.answer(0, .success(Fixture.reply(Fixture.search)))
        // Delivered while another command runs: the reply still names the request's command.
        Cause.running(Cause(command: 9)) { runLoop(scheduler) { recorder.isDone } }
        let subscribed = log.events[0].number
        #expect(
            log.events.map(\.cause) == [
                Cause(command: 3), Cause(event: subscribed, command: 3), Cause(event: subscribed, command: 3),
            ])
    }

    @Test func metadataCombinesTwoCalls() {
        let recorder = Recorder<PhotoMetadata>()
        _ = recorder.subscribe(service.metadata(photoID: "32547078274"))
        let methods = transport.all.map { $0.url.absoluteString.contains("getFavorites") ? "favorites" : "info" }
        #expect(methods == ["favorites", "info"])
        transport.answer(0, .success(Fixture.reply(Fixture.favorites(total: #""417""#))))
        transport.answer(1, .success(Fixture.reply(Fixture.info(comments: #""20""#))))
        runLoop(scheduler) { recorder.isDone }
        #expect(recorder.values == [PhotoMetadata(favorites: 417, comments: 20)])
    }

    @Test func detailsCombineInfoAndSizes() {
        let recorder = Recorder<PhotoDetails>()
        _ = recorder.subscribe(service.details(photoID: "32547078274"))
        #expect(transport.all.map { $0.url.absoluteString.contains("getSizes") } == [false, true])
        transport.answer(1, .success(Fixture.reply(Fixture.sizes(width: "240"))))
        transport.answer(0, .success(Fixture.reply(Fixture.info(comments: "4"))))
        runLoop(scheduler) { recorder.isDone }
        #expect(recorder.values.first?.title == "Bird")
        #expect(recorder.values.first?.sizes.map(\.longestEdge) == [75, 240])
    }

    @Test func popularIsTheInterestingnessList() {
        let recorder = Recorder<[Photo]>()
        _ = recorder.subscribe(service.popular())
        #expect(transport.all.first?.url.absoluteString.contains("method=flickr.interestingness.getList") == true)
        transport.answer(0, .success(Fixture.reply(Fixture.search)))
        runLoop(scheduler) { recorder.isDone }
        #expect(recorder.values.first?.map(\.title) == ["Bird"])
    }

    @Test func callsAreCountedPerMethod() {
        let service = self.service
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = first.subscribe(service.favorites(photoID: "1"))
        second.subscribe(service.favorites(photoID: "2")).dispose()
        _ = Recorder<Int>().subscribe(service.comments(photoID: "3"))
        transport.answer(0, .success(Fixture.reply(Fixture.favorites(total: "3"))))
        transport.answer(2, .failure(.connectionLost))
        runLoop(scheduler) { first.isDone && service.calls.failed.values.reduce(0, +) == 1 }
        #expect(service.calls.started == ["flickr.photos.getFavorites": 2, "flickr.photos.getInfo": 1])
        #expect(service.calls.cancelled == ["flickr.photos.getFavorites": 1])
        #expect(service.calls.failed == ["flickr.photos.getInfo": 1])
    }

    @Test func disposingCancelsTheRequestAndDropsALateReply() {
        let recorder = Recorder<Int>()
        let subscription = recorder.subscribe(service.favorites(photoID: "1"))
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(transport.all[0].isCancelled)
        #expect(scheduler.pendingCount == 0)
        transport.answer(0, .success(Fixture.reply(Fixture.favorites(total: "3"))))
        runLoop(scheduler, limit: .milliseconds(200)) { false }
        #expect(recorder.values.isEmpty && !recorder.isDone)
    }

    @Test func failuresBecomeModelErrorsWithoutTheKey() throws {
        let recorder = Recorder<SearchResults>()
        _ = recorder.subscribe(service.search("bird"))
        // A transport text that quotes the URL, key and all.
        transport.answer(0, .failure(.transport("GET \(transport.all[0].url.absoluteString) failed")))
        runLoop(scheduler) { recorder.isDone }
        let error = try #require(recorder.error as? ModelError)
        #expect(!error.description.contains(Fixture.key))
        #expect(error.description.contains("api_key=[redacted]"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func statFailIsAServiceError() throws {
        let recorder = Recorder<Int>()
        _ = recorder.subscribe(service.comments(photoID: "9"))
        transport.answer(0, .success(Fixture.reply(#"{"stat":"fail","code":1,"message":"Photo not found"}"#)))
        runLoop(scheduler) { recorder.isDone }
        #expect(recorder.error as? ModelError == .photoNotFound("9"))
    }
}
