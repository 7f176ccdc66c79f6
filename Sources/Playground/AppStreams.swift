import Reactive

/// The app's own streams, offered to the playground by whoever owns the app (the shell):
/// `search searchText`, `row 3 isVisible`. The playground depends on Reactive only.
@MainActor
public protocol AppStreams: AnyObject {
    /// The words that begin an app stream's name now ("search", "row", "pager"): a source
    /// starting with one of them names an app stream, not a defined signal.
    var ownerWords: Set<String> { get }

    /// The stream `words` name (["row", "3", "isVisible"]), or why there is none, in one line.
    func signal(named words: [String]) -> Result<Signal<PlayValue>, PlaygroundError>
}

extension Signal where Value == Signal<PlayValue> {
    /// An app's signal of signals (a command's executionSignals) as the playground carries it:
    /// each inner signal a value named "NAME N", numbered from this subscription's first, so
    /// `| switchToLatest` and `| flattenMap` read them.
    public func numberedInner(_ name: String) -> Signal<PlayValue> {
        Signal<PlayValue> { observer in
            var count = 0
            return self.subscribe { event in
                observer.send(
                    event.map { inner in
                        count += 1
                        return PlayValue.signal(name: "\(name) \(count)", inner)
                    })
            }
        }
    }
}
