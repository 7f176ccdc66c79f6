import PhotoModel
import Reactive
import Shell
import TerminalViews

extension Shell {
    /// A shell with every command: the app's, the instruments', the lessons' and serving's.
    package convenience init(
        service: any PhotoSearchService, clock: ShellClock, output: any OutputSink,
        style: Style = .plain, drainTimeout: Duration = .seconds(60),
        recentSearchStore: (any RecentSearchStore)? = nil,
        makeService: ((any Scheduler) -> any PhotoSearchService)? = nil
    ) {
        self.init(
            service: service, clock: clock, output: output, style: style, drainTimeout: drainTimeout,
            recentSearchStore: recentSearchStore, makeService: makeService, table: .standard)
    }
}
