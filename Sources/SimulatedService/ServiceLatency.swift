import PhotoCatalog

/// How long each simulated call takes: long enough to see the reactive flows at work, and
/// the same in every run so transcripts can be compared.
public struct ServiceLatency: Sendable, Equatable {
    /// flickr.photos.search, and other list calls.
    public var search: Duration
    /// Per-photo calls take between these many milliseconds, chosen by a hash of the method
    /// and the photo id: different photos answer in a different order, identically every run.
    public var metadataMilliseconds: ClosedRange<Int>
    /// When set (the `--latency MS` flag), every call takes exactly this long; zero is allowed.
    public var override: Duration?

    public init(
        search: Duration = .milliseconds(400),
        metadataMilliseconds: ClosedRange<Int> = 150...300,
        override: Duration? = nil
    ) {
        self.search = search
        self.metadataMilliseconds = metadataMilliseconds
        self.override = override
    }

    /// The defaults: 400 ms per search, 150-300 ms per metadata call.
    public static let standard = ServiceLatency()

    /// Every call takes `latency`.
    public static func fixed(_ latency: Duration) -> ServiceLatency {
        ServiceLatency(override: latency)
    }

    /// The latency of a search-like call.
    public func forSearch() -> Duration {
        override ?? search
    }

    /// The latency of `method` for one photo; FNV-1a rather than `Hasher`, which is seeded
    /// differently in every process.
    public func forPhoto(method: String, photoID: String) -> Duration {
        if let override { return override }
        let span = UInt64(metadataMilliseconds.count)
        let offset = FNV1a.hash("\(method) \(photoID)") % span
        return .milliseconds(metadataMilliseconds.lowerBound + Int(offset))
    }
}
