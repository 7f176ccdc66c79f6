/// Why a command failed, as one line for the user; the shell goes on.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
