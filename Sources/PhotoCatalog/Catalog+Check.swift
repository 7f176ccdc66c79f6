import LocalFiles

/// The integrity check on demand (`vmsh --check`): every page is read, so it is not run on
/// every start; the catalog is never written after it is built, so no crash can damage it.
extension Catalog {
    /// The problems SQLite's integrity check finds, none when the file is sound.
    public func check() throws -> [String] {
        try read(IntegrityCheck.problems)
    }
}
