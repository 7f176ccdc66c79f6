import Reactive

/// The chain in the project's own Reactive library, inputs as `Subject`s (hot, sent by hand).
@MainActor
enum ReactiveChain {
    static func run(events: Int) -> (delivered: Int, checksum: Int) {
        let input = Subject<Int>()
        let other = Subject<Int>()
        var delivered = 0
        var checksum = 0
        let scanned = input.signal
            .map(Chain.mapped)
            .filter(Chain.kept)
            .runningValue(0, Chain.accumulated)
        let subscription = combineLatest(scanned, other.signal)
            .map { Chain.combined($0, $1) }
            .distinctUntilChanged()
            .subscribeNext { value in
                delivered += 1
                Chain.fold(&checksum, value)
            }
        other.send(Chain.other)
        for event in 0..<events { input.send(event) }
        subscription.dispose()
        return (delivered, checksum)
    }
}
