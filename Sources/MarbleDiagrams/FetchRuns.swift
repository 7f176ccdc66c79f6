import MarbleNotation

/// A row's `fetch` runs: each `fetch ROW N` subscribes the row's metadata anew, in lanes named
/// `subscriber 1`, `subscriber 2` with the calls under them. A row's diagram draws its own
/// pipeline and the latest fetch; every fetch, grouped, only when asked.
public enum FetchRuns {
    /// The commands that fetched, in order: those whose work subscribed a `subscriber N` lane.
    public static func runs(_ lanes: [MarbleLane]) -> [Int] {
        let runs = lanes.filter { $0.name.hasPrefix("subscriber ") }.compactMap(\.run)
        return Array(Set(runs)).sorted()
    }

    /// The lanes without those of the fetches before the latest.
    public static func latest(_ lanes: [MarbleLane]) -> [MarbleLane] {
        let runs = runs(lanes)
        guard let latest = runs.last else { return lanes }
        return lanes.filter { lane in lane.run.map { !runs.contains($0) || $0 == latest } ?? true }
    }

    /// Every lane: the row's own first, then each fetch's together, in the order they ran.
    public static func grouped(_ lanes: [MarbleLane]) -> [MarbleLane] {
        let runs = runs(lanes)
        func rank(_ lane: MarbleLane) -> Int { lane.run.flatMap { runs.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }
        let ranked = lanes.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
        return ranked.map(\.element)
    }
}
