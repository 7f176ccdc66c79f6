/// How many single-character edits turn one word into another: insertions, deletions,
/// substitutions and swaps of two neighbours ("dgo" is one from "dog"), the optimal string
/// alignment distance; nil as soon as it must exceed `limit`, so a far word costs little.
func editDistance(_ first: [Unicode.Scalar], _ second: [Unicode.Scalar], limit: Int) -> Int? {
    guard abs(first.count - second.count) <= limit else { return nil }
    if first.isEmpty || second.isEmpty { return max(first.count, second.count) }
    var older = [Int](repeating: 0, count: second.count + 1)
    var previous = Array(0...second.count)
    var current = [Int](repeating: 0, count: second.count + 1)
    for i in 1...first.count {
        current[0] = i
        var best = i
        for j in 1...second.count {
            let cost = first[i - 1] == second[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, first[i - 1] == second[j - 2], first[i - 2] == second[j - 1] {
                value = min(value, older[j - 2] + 1)
            }
            current[j] = value
            best = min(best, value)
        }
        if best > limit { return nil }
        (older, previous, current) = (previous, current, older)
    }
    return previous[second.count] <= limit ? previous[second.count] : nil
}
