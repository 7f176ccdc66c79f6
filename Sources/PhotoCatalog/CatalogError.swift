import LocalFiles

/// Why a catalog could not be opened or created; each description is one line naming the file,
/// so the shell can print it as is.
public enum CatalogError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not a catalog: not SQLite, corrupt, another schema, or built
    /// with other settings.
    case invalidCatalog(path: String, reason: String)
    /// The file or its directory could not be created or written.
    case cannotCreate(path: String, reason: String)
    /// Neither XDG_DATA_HOME nor HOME says where the data directory is.
    case noDataDirectory
    /// A query failed on a catalog that opened fine (e.g. the file was damaged since).
    case queryFailed(path: String, reason: String)

    public var description: String {
        let text: String
        switch self {
        case .invalidCatalog(let path, let reason): text = "\(path): not a valid photo catalog (\(reason))"
        case .cannotCreate(let path, let reason): text = "\(path): cannot create the photo catalog (\(reason))"
        case .noDataDirectory: text = "cannot find a data directory: set XDG_DATA_HOME or HOME"
        case .queryFailed(let path, let reason): text = "\(path): catalog query failed (\(reason))"
        }
        return oneLine(text)
    }
}
