import MarbleNotation
import Reactive

/// Turns recorded `TraceEvent`s into lanes: one per subscription, in the pipeline's order.
public enum MarbleRecording {
    /// The lanes of every stream `prefix` owns, from the latest subscription of the first
    /// of them made while none was open (a new search reuses the names "row 1", …). Streams named
    /// in `order` come first, in that order; the others follow in the order they first appeared.
    public static func lanes(_ events: [TraceEvent], prefix: String, order: [String] = []) -> [MarbleLane] {
        var mine = events.filter { $0.streamName.owner == prefix }
        if let first = mine.first?.stream { mine = Array(mine[restart(of: first, in: mine)...]) }
        var names: [String] = []
        for event in mine where !names.contains(event.stream) { names.append(event.stream) }
        // A lane is named within its owner's diagram: "delay(1s)", a later subscription's "map upper#2".
        let labels = names.map { StreamName(parsing: $0).withoutOwner.text }
        let ordered = labels.enumerated().sorted { left, right in
            let rank = (order.firstIndex(of: left.element) ?? order.count, left.offset)
            let other = (order.firstIndex(of: right.element) ?? order.count, right.offset)
            return rank < other
        }
        return ordered.flatMap { index, label in
            split(mine.filter { $0.stream == names[index] }, name: label)
        }
    }

    /// The index of the last subscription to `stream` made while no earlier one was open: where
    /// the latest life of the names began (subscribers alive together belong to the same one).
    public static func restart(of stream: String, in events: [TraceEvent]) -> Int {
        var open = 0
        var start = 0
        for (index, event) in events.enumerated() where event.stream == stream {
            switch event.kind {
            case .subscribed:
                if open == 0 { start = index }
                open += 1
            case .next: break
            case .completed, .failed, .disposed: open = max(0, open - 1)
            }
        }
        return start
    }

    /// One stream's events split by subscription. Events carry no subscription id, so each goes
    /// to a lane still open: a value to the oldest that has not had that value at that instant
    /// (several subscribers of one source each get it); an end to the lane that just had a
    /// value at that instant, else to the oldest.
    static func split(_ events: [TraceEvent], name: String) -> [MarbleLane] {
        var lanes: [MarbleLane] = []
        var open: [Int] = []
        func openLane(subscribed: Duration?, run: Int? = nil) -> Int {
            let number = lanes.count + 1
            let lane = StreamName(name, subscription: number).text
            lanes.append(MarbleLane(name: lane, subscribed: subscribed, events: [], run: run))
            open.append(lanes.count - 1)
            return lanes.count - 1
        }
        var lastTouched: Int?
        for event in events {
            let time = event.time
            switch event.kind {
            case .subscribed:
                let lane = openLane(subscribed: time, run: event.cause.command)
                lanes[lane].scheduler = event.scheduler
                continue
            case .next(let value):
                // Only the lane's last events can be at this instant: a long lane is not searched.
                let had = { (lane: Int) in
                    lanes[lane].events.reversed().prefix { $0.time == time }.contains { $0.kind == .value(value) }
                }
                let lane = open.first { !had($0) } ?? open.first ?? openLane(subscribed: nil)
                lanes[lane].events.append(MarbleEvent(time: time, kind: .value(value)))
                lanes[lane].scheduler = event.scheduler ?? lanes[lane].scheduler
                lastTouched = lane
            case .completed, .failed, .disposed:
                let justHadValue = lastTouched.flatMap { lane in
                    open.contains(lane) && lanes[lane].events.last?.time == time ? lane : nil
                }
                let lane = justHadValue ?? open.first ?? openLane(subscribed: nil)
                lanes[lane].events.append(MarbleEvent(time: time, kind: terminal(event.kind)))
                lanes[lane].scheduler = event.scheduler ?? lanes[lane].scheduler
                open.removeAll { $0 == lane }
                lastTouched = nil
            }
        }
        return lanes
    }

    private static func terminal(_ kind: TraceEvent.Kind) -> MarbleEvent.Kind {
        switch kind {
        case .failed(let error): .failed(error)
        case .disposed: .cancelled
        default: .completed
        }
    }
}
