import MarbleDiagrams

/// What the session shows besides each command's output: the figures drawn (for `export html`
/// and a class following) and, while `changes on`, what each command changed.
@MainActor
package final class ShownState {
    /// True while `changes on`: each command is followed by what it changed in the top ViewModel.
    package var showsChanges = false
    /// Every diagram `marbles` and `graph` drew, for `export html` (the latest `figureLimit`).
    package private(set) var figures: [MarblePage.Figure] = []
    static let figureLimit = 100

    /// Keeps a figure for `export html`, forgetting the oldest past `figureLimit`.
    func keep(_ figure: MarblePage.Figure) {
        figures.append(figure)
        if figures.count > Self.figureLimit { figures.removeFirst() }
    }
}
