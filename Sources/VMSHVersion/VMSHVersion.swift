/// The version both binaries print for `--version`: one place in the package.
public enum VMSHVersion {
    /// The release number, `MAJOR.MINOR.PATCH`.
    public static let string = "0.1.0"
}
