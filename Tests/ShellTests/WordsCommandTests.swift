import PhotoModel
import Reactive
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

@testable import Shell

/// A service with a word list, as the simulated one over the catalog has.
@MainActor
private final class ListingService: PhotoSearchService, WordListing {
    let inner: FakeSearchService
    let list: [WordCount]
    init(scheduler: VirtualScheduler, words: [WordCount]) {
        inner = FakeSearchService(scheduler: scheduler)
        list = words
    }
    func search(_ text: String) -> Signal<SearchResults> { inner.search(text) }
    func favorites(photoID: String) -> Signal<Int> { inner.favorites(photoID: photoID) }
    func comments(photoID: String) -> Signal<Int> { inner.comments(photoID: photoID) }
    func words(prefix: String) throws -> [WordCount] { list.filter { $0.word.hasPrefix(prefix) } }
}

/// `words`: the catalog's words in columns, a screenful unless `--all`; a real service has none.
@MainActor
struct WordsCommandTests {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()

    func transcript(_ lines: String, words: [WordCount]?) -> String {
        let service: any PhotoSearchService =
            words.map { ListingService(scheduler: scheduler, words: $0) } ?? FakeSearchService(scheduler: scheduler)
        let shell = Shell(service: service, clock: .virtual(scheduler), output: output)
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        _ = runner.run(.commands(lines.split(separator: "\n").map(String.init)))
        _ = runner.finish()
        return output.text
    }

    @Test func aServiceWithoutAWordListSaysSoInOneLine() {
        let text = transcript("words", words: nil)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("ERR") }.count == 1)
        #expect(text.contains("words needs the embedded catalog: Flickr cannot list its words"))
    }

    @Test func wordsAreInColumnsMostPhotosFirstAScreenfulUnlessAll() {
        let list = (1...200).map { WordCount(word: "word\($0)", photos: 1000 - $0) }
        let lines = transcript("words\nwords --all\nwords word19\nwords zz", words: list).split(separator: "\n")
        #expect(lines.first == "[00:00.000] 200 words, most photos first:")
        // Five columns fit 80 with the clock's stamp in front: a column is as wide as its widest
        // word among the ten lines shown.
        #expect(lines[1] == "[00:00.000]   word1 999   word2 998   word3 997   word4 996   word5 995")
        #expect(lines[11] == "[00:00.000] ... 150 more: words --all, or words PREFIX")
        #expect(lines.allSatisfy { $0.count <= 80 })
        let all = lines.drop { !$0.hasSuffix("more: words --all, or words PREFIX") }.dropFirst()
        #expect(all.first == "[00:00.000] 200 words, most photos first:")
        #expect(all.dropFirst().prefix { $0.hasPrefix("[00:00.000]   ") }.count == 40)
        #expect(lines.contains("[00:00.000] 11 words starting with word19, most photos first:"))
        #expect(lines.last == "[00:00.000] no words starting with zz")
    }

    @Test func columnsAreAsWideAsTheirWidestEntry() {
        let (lines, shown) = CommandTable.columns(["a 1", "longer 22", "b 3", "c 4"], width: 20, lines: nil)
        #expect(lines == ["  a 1  longer 22", "  b 3  c 4"])
        #expect(shown == 4)
        let (first, some) = CommandTable.columns(["a 1", "b 2", "longer 33", "c 4"], width: 21, lines: 1)
        #expect(first == ["  a 1  b 2  longer 33"])
        #expect(some == 3)
    }
}
