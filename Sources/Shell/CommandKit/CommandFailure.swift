/// Why a command failed, as one line for the user; the shell goes on.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What running one line did to the session.
public enum LineOutcome: Equatable {
    case succeeded
    case failed(String)
    /// `quit`: stop reading input.
    case quit
    /// `expect-error` matched: the previous command's failure was expected, so it does not count.
    case forgavePreviousFailure
}
