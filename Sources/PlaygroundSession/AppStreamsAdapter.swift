import Playground
import Reactive
import Shell
import TerminalViews
import ViewModels

/// The app's own streams as the playground sees them: `search searchText`, `row 3 isVisible`,
/// `pager index`: an owner's stream name, then one of the outputs it declares.
@MainActor
package final class AppStreamsAdapter: AppStreams {
    private weak var navigator: Navigator?

    init(navigator: Navigator) { self.navigator = navigator }

    package var ownerWords: Set<String> {
        var words: Set<String> = ["search", "row"]
        for view in navigator?.stack ?? [] {
            if let first = view.viewModel.streamName.split(separator: " ").first { words.insert(String(first)) }
        }
        return words
    }

    package func signal(named words: [String]) -> Result<Signal<PlayValue>, PlaygroundError> {
        guard let navigator else { return .failure(PlaygroundError("the app has ended")) }
        guard words.count >= 2, let name = words.last else {
            return .failure(PlaygroundError("expected \(words.first ?? "search") NAME, or row N NAME"))
        }
        let ownerName = words.dropLast().joined(separator: " ")
        let owner: any DeclaresOutputs
        switch Self.owner(ownerName, in: navigator) {
        case .success(let found): owner = found
        case .failure(let error): return .failure(error)
        }
        guard let output = owner.output(named: name) else {
            let safe = PlayValue.safe(name, limit: 24)
            let names = owner.outputs.map(\.name).joined(separator: ", ")
            return .failure(PlaygroundError("no \(ownerName) stream \(safe): its streams are \(names)"))
        }
        if let inner = output.inner {
            return .success(inner().map { $0.map(Self.playValue) }.numberedInner("execution"))
        }
        return .success(output.values().map(Self.playValue))
    }

    /// The ViewModel whose streams carry `name`: a row of the list on top ("row 3"), else the
    /// topmost ViewModel on the stack with that stream name.
    private static func owner(_ name: String, in navigator: Navigator) -> Result<any DeclaresOutputs, PlaygroundError> {
        let words = name.split(separator: " ")
        if words.first == "row" {
            guard words.count == 2, let row = Int(words[1]) else {
                return .failure(PlaygroundError("expected row N NAME"))
            }
            guard let list = navigator.top as? any ResultRows, let item = list.item(at: row) else {
                return .failure(PlaygroundError("no row \(row) on screen: row N NAME needs a results list on top"))
            }
            return .success(item)
        }
        if let found = navigator.stack.reversed().first(where: { $0.viewModel.streamName == name }) {
            return .success(found.viewModel)
        }
        let owners = navigator.stack.map(\.viewModel.streamName).joined(separator: ", ")
        return .failure(PlaygroundError("no \(PlayValue.safe(name, limit: 24)) on the stack: it holds \(owners)"))
    }

    private static func playValue(_ value: OutputValue) -> PlayValue {
        switch value {
        case .text(let text): .text(PlayValue.safe(text))
        case .bool(let bool): .bool(bool)
        case .number(let number): .number(number)
        case .counts(let tallies) where tallies.count == 1: .number(tallies[0].number)
        case .none: .text("none")
        case .counts, .viewModel, .phrase: .text(PlayValue.safe(value.terminalText))
        }
    }
}
