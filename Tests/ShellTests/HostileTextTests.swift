import PhotoModel
import Reactive
import Shell
import ShellTestSupport
import StandardShell
import Testing

/// A service whose every string is hostile: escapes, C1 controls, bidi overrides, line
/// separators and a 10,000-character title.
@MainActor
private final class HostileService: PhotoSearchService {
    static let poison = "\u{1B}[2J\u{9B}31m\u{202E}\u{61C}\u{2028}\u{7}"
    let scheduler: VirtualScheduler
    init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

    func photo(_ index: Int) -> Photo {
        let title = index == 1 ? String(repeating: "long\(Self.poison)", count: 1000) : "t\(index)\(Self.poison)"
        return Photo(
            id: "p\(index)", title: title, owner: "o\(Self.poison)", ownerName: "owner\(Self.poison)", secret: "s",
            server: "1")
    }

    private func later<T>(_ value: T) -> Signal<T> { Signal.just(value).delay(.milliseconds(100), on: scheduler) }

    func search(_ text: String) -> Signal<SearchResults> {
        later(SearchResults(searchText: text, photos: (1...12).map(photo), totalResults: 12))
    }
    func favorites(photoID: String) -> Signal<Int> { later(3) }
    func comments(photoID: String) -> Signal<Int> {
        Signal.fail(ModelError.unreachable("down \(Self.poison)")).delay(.milliseconds(100), on: scheduler)
    }
    func details(photoID: String) -> Signal<PhotoDetails> {
        let photo = photo(1)
        return later(
            PhotoDetails(
                id: photo.id, title: photo.title, owner: photo.owner, ownerName: photo.ownerName, taken: 0, posted: 0,
                description: Self.poison, tags: [Self.poison], views: 1, sizes: [], pageURL: Self.poison))
    }
    func popular() -> Signal<[Photo]> { .fail(ModelError.unreachable(Self.poison)) }
}

@MainActor
struct HostileTextTests: ShellScripting {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let shell: Shell

    init() {
        shell = Shell(service: HostileService(scheduler: scheduler), clock: .virtual(scheduler), output: output)
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(scalar.value)
            || [0x061C, 0x202E, 0x2028].contains(scalar.value)
    }

    @Test func noOutputPathLetsControlCharactersOrEndlessFieldsThrough() {
        // Typed lines with C0 controls are refused before they run; C1 and bidi marks are not.
        let poison = "\u{9B}31m\u{202E}\u{61C}\u{2028}"
        let (transcript, _) = script(
            """
            trace on
            search abc\(poison)d
            wait 2s
            trace off
            inspect
            marbles 1
            marbles search
            fetch 2 2 shared
            wait 1s
            open 1
            wait 1s
            inspect
            stack
            back
            back
            recent
            text x\(poison)
            popular
            wait 1s
            nonsense\(poison)
            """)
        #expect(!transcript.unicodeScalars.contains(where: Self.isUnsafe))
        let longest = transcript.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 400, "a 10,000-character title is cut, not printed whole")
        #expect(transcript.contains("\"long\u{FFFD}[2J"))
        let prompt = shell.prompt(unicode: true)
        #expect(!prompt.unicodeScalars.contains(where: Self.isUnsafe))
    }
}
