/// Why a command failed, as one line for the user, and what it has to show under that line (the
/// output an `expect` looked at, a lane drawn against the one predicted); the shell goes on.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// Printed under the message, each as `vmsh:   | line`.
    public var details: [String]

    public init(_ message: String, details: [String] = []) {
        self.message = message
        self.details = details
    }

    public var description: String { message }
}
