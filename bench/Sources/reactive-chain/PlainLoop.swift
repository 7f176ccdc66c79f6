/// The chain as a plain Swift loop: the floor for any implementation.
enum PlainLoop {
    static func run(events: Int) -> (delivered: Int, checksum: Int) {
        var sum = 0
        var last: Int?
        var delivered = 0
        var checksum = 0
        for event in 0..<events {
            let value = Chain.mapped(event)
            guard Chain.kept(value) else { continue }
            sum = Chain.accumulated(sum, value)
            let combined = Chain.combined(sum, Chain.other)
            if last == combined { continue }
            last = combined
            delivered += 1
            Chain.fold(&checksum, combined)
        }
        return (delivered, checksum)
    }
}
