import MarbleNotation
import Reactive

/// One recording's lanes against another's (`compare A B`: the same session under two
/// pipelines): where they first differ, and one diagram with each lane's two runs one above the
/// other, a caret under the first difference.
public enum MarbleComparison {
    public struct Difference: Equatable, Sendable {
        public let time: Duration
        /// The lane it is on, by its name in either recording.
        public let lane: String

        public init(time: Duration, lane: String) {
            self.time = time
            self.lane = lane
        }
    }

    /// The earliest difference: on a lane both have, an event that is not the other's; on an
    /// output (`outputs`: the calls and what they give) only one has, its first event. Not when
    /// a lane was subscribed (one pipeline subscribes with the row, another at the first show),
    /// nor the steps only one has: what the shared lanes and the outputs do is what differs.
    /// At one time, the lane first in `a`'s order (then `b`'s) is named. Nil when alike.
    public static func firstDifference(_ a: [MarbleLane], _ b: [MarbleLane], outputs: Set<String>) -> Difference? {
        var first: Difference?
        func note(_ time: Duration?, _ lane: String) {
            guard let time, first.map({ time < $0.time }) ?? true else { return }
            first = Difference(time: time, lane: lane)
        }
        for name in names(a, b) {
            switch (a.first { $0.name == name }, b.first { $0.name == name }) {
            case (let left?, let right?): note(difference(left, right), name)
            case (let only?, nil), (nil, let only?):
                // A second subscription's lane, metadata#2, is an output as metadata is.
                let base = String(name.prefix { $0 != "#" })
                if outputs.contains(base) { note(only.events.first?.time, name) }
            case (nil, nil): break
            }
        }
        return first
    }

    /// True when both give the app the same: the same values at the same times on every output
    /// (however many subscriptions carried them), whatever their lanes and their ends did.
    public static func sameValues(_ a: [MarbleLane], _ b: [MarbleLane], outputs: Set<String>) -> Bool {
        func values(_ lanes: [MarbleLane]) -> [String: [MarbleEvent]] {
            var found: [String: [MarbleEvent]] = [:]
            for lane in lanes {
                let base = String(lane.name.prefix { $0 != "#" })
                guard outputs.contains(base) else { continue }
                found[base, default: []] += lane.events.filter { !$0.kind.isTerminal }
            }
            return found.mapValues { $0.sorted { $0.time < $1.time } }
        }
        return values(a) == values(b)
    }

    /// When two runs of one lane first differ; nil when they are alike.
    static func difference(_ left: MarbleLane, _ right: MarbleLane) -> Duration? {
        for index in 0..<max(left.events.count, right.events.count) {
            let (one, other) = (left.events[safe: index], right.events[safe: index])
            if one != other { return [one?.time, other?.time].compactMap { $0 }.min() }
        }
        return nil
    }

    /// Every lane's name in `a`'s order, each that only `b` has just before the next of `b`'s
    /// lanes that `a` has too (a step of B's among A's where B's chain puts it).
    static func names(_ a: [MarbleLane], _ b: [MarbleLane]) -> [String] {
        var names: [String] = []
        for lane in a where !names.contains(lane.name) { names.append(lane.name) }
        let bNames = b.map(\.name)
        for (index, name) in bNames.enumerated() where !names.contains(name) {
            let next = bNames[(index + 1)...].first { names.contains($0) }
            names.insert(name, at: next.flatMap { names.firstIndex(of: $0) } ?? names.count)
        }
        return names
    }

    /// The lanes of both in one diagram, each lane's run in `a` above its run in `b`, named
    /// `A NAME` and `B NAME` (the letter first, so a long name shortened keeps it).
    public static func paired(_ a: [MarbleLane], _ b: [MarbleLane]) -> [MarbleLane] {
        names(a, b).flatMap { name in
            [(a, "A"), (b, "B")].compactMap { lanes, tag -> MarbleLane? in
                guard var lane = lanes.first(where: { $0.name == name }) else { return nil }
                lane.name = "\(tag) \(name)"
                return lane
            }
        }
    }

    /// `MarbleText`'s lines of a paired diagram with a caret line under the last run of the
    /// lane where `difference` is.
    public static func lines(_ diagram: MarbleDiagram, marking difference: Difference) -> [String] {
        var lines = MarbleText.lines(diagram)
        let runs = diagram.lanes.filter { $0.name.dropFirst(2) == difference.lane }
        guard let last = runs.last,
            let index = lines.firstIndex(where: { $0.hasPrefix(diagram.label(last) + " ") })
        else { return lines }
        let column = diagram.layout.column(difference.time)
        guard column >= 0, column < diagram.columnWidths.count else { return lines }
        let at = diagram.labelWidth + 2 + diagram.columnWidths.prefix(column).reduce(0, +)
        lines.insert(String(repeating: " ", count: at) + "^ first difference", at: index + 1)
        return lines.map { String($0.prefix(diagram.width)) }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
