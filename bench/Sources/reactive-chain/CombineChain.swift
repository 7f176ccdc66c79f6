import OpenCombine

/// The chain in OpenCombine: the reference a reactive library should at least match.
enum CombineChain {
    static func run(events: Int) -> (delivered: Int, checksum: Int) {
        let input = PassthroughSubject<Int, Never>()
        let other = CurrentValueSubject<Int, Never>(Chain.other)
        var delivered = 0
        var checksum = 0
        let subscription = input
            .map(Chain.mapped)
            .filter(Chain.kept)
            .scan(0, Chain.accumulated)
            .combineLatest(other, Chain.combined)
            .removeDuplicates()
            .sink { value in
                delivered += 1
                Chain.fold(&checksum, value)
            }
        for event in 0..<events { input.send(event) }
        subscription.cancel()
        return (delivered, checksum)
    }
}
