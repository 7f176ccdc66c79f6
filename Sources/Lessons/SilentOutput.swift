import Shell

/// Where a graded session writes: nowhere. The report is all `--grade` prints.
public final class SilentOutput: OutputSink {
    public init() {}
    public func writeOutput(_ text: String) {}
    public func writeError(_ text: String) {}
}
