import LocalFiles

/// Why the state database (recent searches) could not be used; each description is one line
/// naming the file, so vmsh can print it as a warning and go on with recent searches in memory.
public enum StateDatabaseError: Error, Equatable, CustomStringConvertible {
    /// The file or its directory cannot be created, opened or read, or it is not a state
    /// database (not SQLite, corrupt, or written by a newer vmsh).
    case cannotOpen(path: String, reason: String)
    /// A read or write failed on a database that opened fine (locked too long, disk full, damaged since).
    case failed(path: String, reason: String)
    /// Neither XDG_DATA_HOME nor HOME says where the data directory is.
    case noDataDirectory

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason) where path.isEmpty: oneLine("cannot use the state database (\(reason))")
        case .cannotOpen(let path, let reason): oneLine("\(path): cannot use the state database (\(reason))")
        case .failed(let path, let reason): oneLine("\(path): the state database failed (\(reason))")
        case .noDataDirectory: "cannot find a data directory for the state database: set XDG_DATA_HOME or HOME"
        }
    }
}
