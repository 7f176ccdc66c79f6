/// What the shell knows of where it runs: the terminal's size, whether lines come from the prompt,
/// and how the user stops a wait.
@MainActor
package final class TerminalState {
    /// True when the user asked to stop a wait (Ctrl-C in the interactive shell).
    var isInterrupted: () -> Bool = { false }
    /// True once the session reads lines at the prompt, where the virtual clock may play.
    var isAtPrompt = false
    /// The columns listings fold to: the terminal's width, or 80 in script mode.
    package var width = 80
    /// The terminal's rows, or 24 in script mode: a recording's screen.
    package var height = 24
    /// On the live clock under `--step` or at an interactive terminal: shows the time a `wait`
    /// has left, once a second.
    var countdown: (any WaitCountdown)?
}
