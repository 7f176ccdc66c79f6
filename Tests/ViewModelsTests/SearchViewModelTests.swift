import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

@MainActor
struct SearchViewModelTests {
    let services = FakeServices()

    @Test func validityChangesOnlyWhenItChanges() {
        let viewModel = SearchViewModel(services: services)
        let valid = Timeline(viewModel.isSearchValid.signal, on: services.virtual)
        for text in ["s", "sun", "suns", "sunset", "sun", "", "rain"] { viewModel.setSearchText(text) }
        #expect(valid.events == ["0: false", "0: true", "0: false", "0: true"])
    }

    /// The tutorial's rule counts characters: a Chinese word of two (日落, sunset) is refused, and
    /// the refusal says why; a word of four passes the rule like any other.
    @Test func aChineseWordIsRefusedByTheTutorialsRuleWhichTheRefusalNames() {
        let viewModel = SearchViewModel(services: services)
        viewModel.setSearchText("日落")
        #expect(
            viewModel.whySearchIsDisabled
                == "\"日落\" has 2 characters; a search needs more than 3 (the tutorial's rule counts characters, "
                + "not words, and many Chinese words have two)")
        viewModel.setSearchText("sun")
        #expect(viewModel.whySearchIsDisabled == "\"sun\" has 3 characters; a search needs more than 3")
        viewModel.setSearchText("日落的海")
        #expect(viewModel.whySearchIsDisabled == nil)
    }

    @Test func executeSearchIsDisabledWhileExecutingAndPushesResults() throws {
        let viewModel = SearchViewModel(services: services)
        let enabled = Timeline(viewModel.executeSearch.isEnabled.signal, on: services.virtual)
        let executing = Timeline(viewModel.executeSearch.isExecuting.signal, on: services.virtual)
        #expect(viewModel.whySearchIsDisabled == "\"\" has 0 characters; a search needs more than 3")
        #expect(throws: CommandError.disabled) { try viewModel.executeSearch.execute(()) }

        viewModel.setSearchText("sunset")
        try viewModel.executeSearch.execute(())
        #expect(viewModel.whySearchIsDisabled == "a search is already running")
        #expect(throws: CommandError.disabled) { try viewModel.executeSearch.execute(()) }
        services.virtual.advance(by: .milliseconds(399))
        #expect(services.pushed.isEmpty)
        services.virtual.advance(by: .milliseconds(1))

        #expect(enabled.events == ["0: false", "0: true", "0: false", "400: true"])
        #expect(executing.events == ["0: false", "0: true", "400: false"])
        #expect(services.fake.started == ["search sunset"])
        let results = try #require(services.pushed.first as? SearchResultsViewModel)
        #expect(services.pushed.count == 1)
        #expect(results.title == "sunset")
        #expect(results.totalResults == 30)
        #expect(results.items.map(\.title) == ["Photo 1", "Angry \u{1B}[31msky", "Photo 3"])
        #expect(viewModel.whySearchIsDisabled == nil)
    }

    @Test func anErrorReachesConnectionErrorsAndTheCommandIsUsableAgain() throws {
        let viewModel = SearchViewModel(services: services)
        let errors = Timeline(viewModel.connectionErrors, on: services.virtual)
        let enabled = Timeline(viewModel.executeSearch.isEnabled.signal, on: services.virtual)
        services.fake.failSearches = true
        viewModel.setSearchText("sunset")
        try viewModel.executeSearch.execute(())
        services.virtual.advance(by: .seconds(1))
        #expect(errors.events == ["400: the network is offline"])
        #expect(services.pushed.isEmpty)
        #expect(viewModel.recentSearches.value.isEmpty)

        services.fake.failSearches = false
        try viewModel.executeSearch.execute(())
        services.virtual.advance(by: .seconds(1))
        #expect(services.pushed.count == 1)
        #expect(errors.events.count == 1)
        #expect(enabled.events == ["0: false", "0: true", "0: false", "400: true", "1000: false", "1400: true"])
    }

    @Test func recentSearchesAreNewestFirstCappedAndRefreshedOnRepeat() throws {
        let viewModel = SearchViewModel(services: services)
        let recent = Timeline(viewModel.recentSearches.signal, on: services.virtual) { list in
            list.map { "\($0.searchText)/\($0.totalResults)" }.joined(separator: ",")
        }
        func search(_ text: String, photos: Int) throws {
            services.fake.photoCount = photos
            viewModel.setSearchText(text)
            try viewModel.executeSearch.execute(())
            services.virtual.advance(by: .milliseconds(400))
        }
        try search("sunset", photos: 3)
        try search("mountain", photos: 2)
        try search("sunset", photos: 1)
        #expect(
            recent.events == ["0: ", "400: sunset/30", "800: mountain/20,sunset/30", "1200: sunset/10,mountain/20"])
        #expect(viewModel.recentSearches.value.first?.firstPhoto?.id == "p1")

        for index in 1...11 { try search("word\(index)", photos: 1) }
        let texts = viewModel.recentSearches.value.map(\.searchText)
        #expect(texts == (2...11).reversed().map { "word\($0)" })
    }

    @Test func aSearchWithNoPhotosIsRecordedWithoutAFirstPhoto() throws {
        let viewModel = SearchViewModel(services: services)
        services.fake.photoCount = 0
        viewModel.setSearchText("nothing here")
        try viewModel.executeSearch.execute(())
        services.virtual.advance(by: .seconds(1))
        let recorded = RecentSearch(searchText: "nothing here", totalResults: 0, firstPhoto: nil)
        #expect(viewModel.recentSearches.value == [recorded])
        let results = try #require(services.pushed.first as? SearchResultsViewModel)
        #expect(results.items.isEmpty)
    }

    @Test func aDisposedViewModelIsFreedAndCancelsItsSearch() throws {
        weak var weakViewModel: SearchViewModel?
        do {
            let viewModel = SearchViewModel(services: services)
            viewModel.setSearchText("sunset")
            try viewModel.executeSearch.execute(())
            viewModel.dispose()
            weakViewModel = viewModel
        }
        #expect(weakViewModel == nil)
        #expect(services.fake.cancelled == ["search sunset"])
        services.virtual.advance(by: .seconds(1))
        #expect(services.pushed.isEmpty)
    }

    /// Depth first, as RAC 2 delivers: the validity that "sunset" causes, and the command's
    /// enabling that the validity causes, are recorded before the trace's own subscriber of
    /// searchText hears "sunset"; starting the command disables it before executing is heard.
    @Test func theInstrumentsTraceEachEffectWithinTheChangeThatCausedIt() throws {
        let log = services.instrumented()
        let viewModel = SearchViewModel(services: services)
        viewModel.setSearchText("sun")
        viewModel.setSearchText("sunset")
        try viewModel.executeSearch.execute(())
        services.virtual.advance(by: .milliseconds(400))
        #expect(
            log.events.map { "\(Int($0.time / .milliseconds(1))): \($0.stream) \($0.kind)" } == [
                "0: search · searchText subscribed",
                "0: search · isSearchValid subscribed",
                "0: command · executeSearch.enabled subscribed",
                "0: search · executing subscribed",
                "0: command · executing subscribed",
                "0: command · errors subscribed",
                "0: command · connectionErrors subscribed",
                "0: command · executionSignals subscribed",
                "0: search · searchText next(\"sun\")",
                "0: command · executeSearch.enabled next(\"true\")",
                "0: search · isSearchValid next(\"true\")",
                "0: search · searchText next(\"sunset\")",
                "0: command · executeSearch.enabled next(\"false\")",
                "0: search · executing next(\"true\")",
                "0: command · executing next(\"true\")",
                "0: command · executionSignals next(\"command · execution 1\")",
                "0: command · execution 1 subscribed",
                "0: search · flickrSearchSignal subscribed",
                "400: search · flickrSearchSignal next(\"3 of 30 photos\")",
                "400: row 1 · isVisible subscribed",
                "400: row 2 · isVisible subscribed",
                "400: row 3 · isVisible subscribed",
                "400: command · execution 1 next(\"3 of 30 photos\")",
                "400: search · flickrSearchSignal completed",
                "400: command · execution 1 completed",
                "400: search · executing next(\"false\")",
                "400: command · executing next(\"false\")",
                "400: command · executeSearch.enabled next(\"true\")",
            ])
        #expect(
            services.instrumentation?.liveCounts.map { "\($0.type) \($0.count)" } == [
                "SearchViewModel 1", "PhotoItemViewModel 3", "SearchResultsViewModel 1",
            ])
    }
}
