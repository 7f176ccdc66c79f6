import Playground
import Testing

@testable import CodePackage

/// What `code --package` expects of the ViewModels, computed by running the pipelines in a
/// playground over the session; and the Swift it makes around `code`'s listings.
@MainActor
struct CodePackageTests {
    static let length = ["length = searchText | map length | map >3 | distinctUntilChanged | skip 1"]
    static let original = ["original = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata"]
    static let fixed = original + ["fixed = isVisible | switchToLatest original | take 1"]

    @Test func fixedFetchesOnceAfterTheSecondShowsWholeSecond() throws {
        let session = try SessionScenario(validation: Self.length, row: Self.fixed, photos: 2)
        // Shown at 0 and hidden at 500: that wait is cancelled. Shown at 1000: fetched at 2000,
        // answered 300 ms later; take 1 ends it, so the later shows fetch nothing.
        #expect(session.counts == ["2300: (3, 5)"])
        #expect(session.favoritesCalls == 1)
        #expect(session.isSearchValid == ["400: true", "1100: false"])
        #expect(session.search == ["500: searching", "800: 2 photos for abcd"])
    }

    @Test func theTutorialsOriginalEndsAtTheFirstHideAndNeverFetches() throws {
        let session = try SessionScenario(validation: Self.length, row: Self.original, photos: 2)
        #expect(session.counts == [])
        #expect(session.favoritesCalls == 0)
    }

    @Test func naiveFetchesAtEveryShowAndTheViewSeesTheCountsOnce() throws {
        let session = try SessionScenario(
            validation: Self.length, row: ["naive = isVisible | filter true | flattenMap metadata"], photos: 2)
        #expect(session.counts == ["300: (3, 5)"])
        #expect(session.favoritesCalls == 3)
    }

    @Test func aValidationThatIsNeverTrueStartsNoSearch() throws {
        let session = try SessionScenario(
            validation: ["tooLong = searchText | map length | map >9"], row: Self.fixed, photos: 2)
        #expect(session.isSearchValid == [])
        #expect(session.search == [])
    }

    @Test func thePipelinesRunOnTheSchedulerTheViewModelIsGiven() throws {
        let files = try CodePackage.files(
            in: .combine, validation: ("length", Self.length), row: ("fixed", Self.fixed))
        let pipelines = try #require(files.first { $0.path == "Sources/FlickrSearch/Pipelines.swift" }).text
        #expect(pipelines.contains(".delay(for: .seconds(1), scheduler: scheduler)"))
        #expect(!pipelines.contains("DispatchQueue"))
        #expect(pipelines.contains("return fixed.mapError { $0 as any Error }.eraseToAnyPublisher()"))
        #expect(pipelines.contains("return length.mapError { $0 as any Error }.eraseToAnyPublisher()"))
        let reactive = try CodePackage.files(
            in: .reactiveSwift, validation: ("length", Self.length), row: ("fixed", Self.fixed))
        let written = try #require(reactive.first { $0.path == "Sources/FlickrSearch/Pipelines.swift" }).text
        #expect(written.contains(".delay(1.0, on: scheduler)"))
        #expect(!written.contains("QueueScheduler"))
        // Every file begins with its mark, and the manifest with its tools version first.
        for file in files + reactive { #expect(file.text.hasPrefix(file.mark), "\(file.path)") }
        #expect(try #require(files.first).text.hasPrefix("// swift-tools-version: 6.0\n" + CodePackage.mark))
    }

    @Test func inSwiftConcurrencyThePipelinesWaitOnTheClockTheViewModelIsGiven() throws {
        let files = try CodePackage.files(
            in: .concurrency, validation: ("length", Self.length), row: ("fixed", Self.fixed))
        let text = { (path: String) in files.first { $0.path == path }?.text ?? "" }
        let pipelines = text("Sources/FlickrSearch/Pipelines.swift")
        #expect(pipelines.contains("        clock: some Clock<Duration>\n    ) -> AsyncSignal<(Int, Int)> {"))
        #expect(pipelines.contains(".delay(for: .seconds(1), clock: clock)"))
        #expect(pipelines.contains("return AsyncSignal { out in for try await value in fixed { out.yield(value) } }"))
        // take 1 is a helper that cancels what it read: prefix would leave flatMapLatest fetching.
        #expect(pipelines.contains("    .take(1)"))
        // The ViewModels' Subject and AsyncSignal, once each, beside the pipelines' helpers.
        let helpers = text("Sources/FlickrSearch/Helpers.swift")
        for name in ["struct AsyncSignal<", "final class Subject<", "func take(", "func delay<"] {
            #expect(helpers.ranges(of: name).count == 1, "\(name)")
        }
        #expect(text("Package.swift").contains("swift-async-algorithms\", exact: \"1.1.4\""))
        #expect(text("Tests/FlickrSearchTests/TestClock.swift").contains("swift_task_enqueueGlobal_hook"))
        #expect(text("Sources/FlickrSearch/ViewModels.swift").contains("@MainActor @Observable"))
        for file in files { #expect(file.text.hasPrefix(file.mark), "\(file.path)") }
    }

    @Test func noPackageInRAC2() {
        #expect(throws: PlaygroundError("a package is Swift: code --package DIR --combine, --reactiveswift or --async"))
        {
            try CodePackage.files(in: .rac2, validation: ("length", Self.length), row: ("fixed", Self.fixed))
        }
    }

    /// Writing one library's package over another's removes only what the new one lacks.
    @Test func everyLibrarysFilesAreKnown() throws {
        for library in [CodeWriter.Library.combine, .reactiveSwift, .concurrency] {
            let files = try CodePackage.files(
                in: library, validation: ("length", Self.length), row: ("fixed", Self.fixed))
            #expect(Set(files.map(\.path)).isSubset(of: CodePackage.everyPath), "\(library)")
        }
    }
}
