/// Why a file or its folder could not be made: each owner of a file turns it into its own
/// error, which names the kind of file.
public struct CannotCreateFile: Error, Equatable, Sendable {
    /// The file that was to be made.
    public let path: String
    /// What went wrong, without the file name.
    public let reason: String
}
