import MarbleDiagrams
import Reactive

/// What the instruments keep between lines: the trace, the breakpoints, `changes`, the figures,
/// and how `graph` lays its picture out.
@MainActor
final class InstrumentState {
    /// The running `trace`, if on.
    var trace: (any Disposable)?
    /// The reactive breakpoints, and the wait one stopped.
    let breaks = Breakpoints()
    /// True while `changes on`: each command is followed by what it changed in the top ViewModel.
    var showsChanges = false
    /// Runs Graphviz's `dot -Tplain` for `graph`'s picture (`Shell.graphviz`); nil draws with
    /// vmsh's own layout.
    var graphviz: ((String) -> String?)?
    /// Every diagram `marbles` and `graph` drew, for `export html` (the latest `figureLimit`).
    private(set) var figures: [MarblePage.Figure] = []
    static let figureLimit = 100

    /// Keeps a figure for `export html`, forgetting the oldest past `figureLimit`.
    func keep(_ figure: MarblePage.Figure) {
        figures.append(figure)
        if figures.count > Self.figureLimit { figures.removeFirst() }
    }
}
