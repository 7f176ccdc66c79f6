import Reactive
import ViewModels

/// The View of a ViewModel that has none of its own: it shows the title and every output the
/// ViewModel declares, and prints each change of an output while on top. A new ViewModel is
/// usable at the prompt (and in `inspect`, `changes`, `trace` and the playground) before
/// anyone writes its View.
@MainActor
public final class OutputsView: ViewForViewModel {
    public let viewModel: any ViewModel
    public var isTop = false
    private let console: any Console
    private let style: Style
    private let bindings = CompositeDisposable()

    public init(viewModel: any ViewModel, console: any Console, style: Style) {
        self.viewModel = viewModel
        self.console = console
        self.style = style
        for output in viewModel.outputs where output.current != nil {
            bindings.add(
                output.values().skip(1).subscribeNext { [weak self] value in
                    guard let self, self.isTop else { return }
                    self.console.print("\(output.name) = \(value.terminalText)")
                })
        }
    }

    public static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> OutputsView? {
        OutputsView(viewModel: viewModel, console: console, style: style)
    }

    public func render() {
        console.print(style.bold(viewModel.title.quotedForTerminal))
        let outputs = viewModel.inspection().filter { $0.name != "title" }
        let width = outputs.map(\.name.count).max() ?? 0
        for (name, value) in outputs {
            console.print("  " + name + String(repeating: " ", count: width - name.count) + "  " + value)
        }
    }

    public func dispose() { bindings.dispose() }
}
