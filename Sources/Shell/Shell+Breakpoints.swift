extension Shell {
    /// At the prompt, after the clock slept: when a breakpoint's event paused the playing clock,
    /// says so above the prompt (which then shows the clock paused) and tells a class following.
    public func tellPauseAtBreakpoint() {
        guard clock.tookPause() else { return }
        CommandTable.sayPausedPlaying(context)
    }
}
