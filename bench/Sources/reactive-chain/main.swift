import Foundation

/// Runs one implementation of the chain: `reactive-chain reactive|combine|loop EVENTS [ROUNDS]`.
/// Prints `events_per_second checksum delivered`, the best of ROUNDS timed rounds after one
/// warm-up round (scripts/bench takes the median over several processes).
let arguments = CommandLine.arguments
let usage = "usage: reactive-chain reactive|combine|loop EVENTS [ROUNDS]\n"
guard arguments.count >= 3, let events = Int(arguments[2]), events > 0,
    let rounds = arguments.count > 3 ? Int(arguments[3]) : 1, rounds > 0
else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let run: (Int) -> (delivered: Int, checksum: Int)
switch arguments[1] {
case "reactive": run = { ReactiveChain.run(events: $0) }
case "combine": run = { CombineChain.run(events: $0) }
case "loop": run = { PlainLoop.run(events: $0) }
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

var best = Duration.seconds(1_000_000)
var result = run(min(events, 1_000))  // warm-up: first-touch costs are not the chain's
for _ in 0..<rounds {
    let start = ContinuousClock.now
    result = run(events)
    best = min(best, ContinuousClock.now - start)
}
let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
print(String(format: "%.0f", Double(events) / seconds), result.checksum, result.delivered)
