import TerminalViews

extension Shell {
    /// Where the user is in the navigation stack, e.g. `vmsh search›"sunset"› `: each View
    /// below the root says its own part. Under the virtual clock it also says whether time
    /// stands still (`[paused 00:03.400]`) or plays (`[playing]`, `[playing 2x]`).
    public func prompt(unicode: Bool) -> String {
        let separator = unicode ? "›" : ">"
        let parts = navigator.stack.map { $0.promptPart(separator: separator, unicode: unicode) }.filter { !$0.isEmpty }
        return (["vmsh", clockMark, parts.joined(separator: separator)]).filter { !$0.isEmpty }.joined(separator: " ")
            + separator + " "
    }

    private var clockMark: String {
        guard !clock.isLive else { return "" }
        guard let playback = clock.playback else { return "[paused \(clock.now.clockText)]" }
        return playback.speed == .normal ? "[playing]" : "[playing \(playback.speed.rawValue)x]"
    }
}
