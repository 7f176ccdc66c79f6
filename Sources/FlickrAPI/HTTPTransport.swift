import Foundation

/// A request in flight that can be abandoned.
public protocol HTTPCancellable: Sendable {
    func cancel()
}

/// Fetches one URL off the main thread. The completion runs once, on any thread; after
/// `cancel()` it may still run (with a failure), and the client ignores it.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole milliseconds, at least 1 and never overflowing, for NIO's time amounts.
    var clampedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        // A day at most: NIO counts nanoseconds in an Int64.
        return overflow ? 86_400_000 : min(86_400_000, max(1, millis &+ attoseconds / 1_000_000_000_000_000))
    }
}
