import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// The navigation stack of (ViewModel, View) pairs. ViewModels push through it as their
/// `ViewModelServices`; it picks each ViewModel's View and tells both who is on top.
@MainActor
public final class Navigator: ViewModelServices {
    public let searchService: any PhotoSearchService
    public let scheduler: any Scheduler
    public let recentSearchStore: (any RecentSearchStore)?
    public let instrumentation: Instrumentation?
    public private(set) var stack: [any TerminalView] = []
    private let console: any Console
    private let style: Style

    public init(
        searchService: any PhotoSearchService, scheduler: any Scheduler, console: any Console, style: Style,
        recentSearchStore: (any RecentSearchStore)? = nil, instrumentation: Instrumentation? = nil
    ) {
        self.searchService = searchService
        self.scheduler = scheduler
        self.recentSearchStore = recentSearchStore
        self.instrumentation = instrumentation
        self.console = console
        self.style = style
    }

    public var top: (any TerminalView)? { stack.last }
    public var root: (any TerminalView)? { stack.first }
    /// The root ViewModel: the search screen every session starts on.
    public var search: SearchViewModel? { stack.first?.viewModel as? SearchViewModel }

    /// Shows the root screen; call once, before anything else.
    public func start() {
        push(SearchViewModel(services: self), announce: false)
    }

    public func push(_ viewModel: any ViewModel) {
        push(viewModel, announce: true)
    }

    private func push(_ viewModel: any ViewModel, announce: Bool) {
        if let covered = stack.last {
            covered.isTop = false
            covered.viewModel.setActive(false)
        }
        let view = makeView(for: viewModel)
        stack.append(view)
        if announce {
            console.print(style.cyan("push \(Self.typeName(viewModel)) \(viewModel.title.quotedForTerminal)"))
        }
        view.isTop = true
        viewModel.setActive(true)
        if announce { view.render() }
    }

    @discardableResult
    public func pop() -> Bool {
        pop(render: true)
    }

    /// Goes back to the root and pushes the gallery of the most interesting photos (`popular`):
    /// the Navigator makes the ViewModels it pushes, as a View layer's router does.
    public func showGallery() {
        popToRoot()
        push(GalleryViewModel(services: self))
    }

    /// Pops everything above the root without re-rendering it (before `search` from anywhere).
    public func popToRoot() {
        while stack.count > 1 { pop(render: false) }
    }

    @discardableResult
    private func pop(render: Bool) -> Bool {
        guard stack.count > 1, let leaving = stack.popLast() else { return false }
        leaving.isTop = false
        leaving.viewModel.setActive(false)
        leaving.dispose()
        leaving.viewModel.dispose()
        console.print(
            style.cyan("pop \(Self.typeName(leaving.viewModel)) \(leaving.viewModel.title.quotedForTerminal)"))
        if let revealed = stack.last {
            revealed.isTop = true
            revealed.viewModel.setActive(true)
            if render { revealed.render() }
        }
        return true
    }

    /// Ends every View and ViewModel, top first (at exit).
    public func tearDown() {
        while let view = stack.popLast() {
            view.isTop = false
            view.dispose()
            view.viewModel.dispose()
        }
    }

    /// One line per kind of View: the navigator picks the first that takes the ViewModel, else
    /// `OutputsView`, which shows any ViewModel by the outputs it declares.
    private static let viewKinds: [any ViewForViewModel.Type] = [
        SearchView.self,
        SearchResultsView.self,
        PhotoPagerView.self,
        GalleryView.self,
    ]

    private func makeView(for viewModel: any ViewModel) -> any TerminalView {
        for kind in Self.viewKinds {
            if let view = kind.make(for: viewModel, console: console, style: style) { return view }
        }
        return OutputsView(viewModel: viewModel, console: console, style: style)
    }

    /// The ViewModel's type name as the tutorials spell it, for `stack` and push lines.
    /// (`String(describing:)` would give the same, after a run-time search of the binary's
    /// conformances for each new type: a fifth of the start-up.)
    public static func typeName(_ viewModel: any ViewModel) -> String {
        _typeName(type(of: viewModel), qualified: false)
    }
}
