/// vmsh's marks in the SQLite header (`PRAGMA application_id`): vmsh writes only into a file
/// it made or one carrying its mark, and tells its two kinds of file apart by them.
public enum VMSHMark {
    /// "vmsC": a photo catalog.
    public static let catalog: UInt32 = 0x766D_7343
    /// "vmsS": the state database (recent searches).
    public static let state: UInt32 = 0x766D_7353

    /// Why the file at a path cannot be used as a vmsh file marked `mark`; nil when it carries
    /// that mark (or, with `allowUnmarked`, is a SQLite file with no mark at all, for the caller
    /// to recognise by its schema). The reason says what the user can do.
    public static func refusal(_ file: ExistingFile, mark: UInt32, allowUnmarked: Bool = false) -> String? {
        let leave = "vmsh leaves it unchanged: name a new file, or move it away"
        switch file {
        case .missing: return nil
        case .notRegular(let what): return "\(what), not a file vmsh can use: name a regular file"
        case .empty: return "an empty file vmsh did not make; \(leave)"
        case .notSQLite: return "not a SQLite database; \(leave)"
        case .sqlite(let header):
            if header.applicationID == mark { return nil }
            if header.applicationID == 0 && allowUnmarked { return nil }
            switch header.applicationID {
            case catalog: return "a vmsh photo catalog, not a state database; name another file"
            case state: return "a vmsh state database, not a photo catalog; name another file"
            case 0: return "a SQLite database vmsh did not make; \(leave)"
            default:
                let hex = String(header.applicationID, radix: 16)
                return "another program's SQLite database (application id 0x\(hex)); \(leave)"
            }
        }
    }
}
