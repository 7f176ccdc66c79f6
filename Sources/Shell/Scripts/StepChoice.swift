/// A key pressed under `--step`.
public enum StepChoice: Equatable, Sendable {
    /// Enter or Space: run the command.
    case run
    /// `b`: back to the step before, through `goto`.
    case back
    /// `q` (or the terminal went away): leave the script; under `-i`, for the prompt.
    case leave
}
