/// What running one line did to the session.
public enum LineOutcome: Equatable {
    case succeeded
    case failed(CommandFailure)
    /// `quit`: stop reading input.
    case quit
    /// `expect-error` matched: the previous command's failure was expected, so it does not count.
    case forgavePreviousFailure
}
