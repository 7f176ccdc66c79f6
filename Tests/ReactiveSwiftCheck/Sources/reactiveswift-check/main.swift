import Foundation
import ReactiveSwift

// Runs each generated pipeline (Pipelines.swift, written by Tests/EndToEnd/test_reactiveswift_code.py)
// on a fresh virtual clock and prints its events under its name, for the suite to compare with
// the playground's. Each name is flushed before its run: a pipeline that stops the program is
// the last one named.
for (name, run) in pipelines {
    // The last clock is let go after the new one is in place: what its pending actions hold may
    // read the clock as they are released.
    let last = QueueScheduler.clock
    QueueScheduler.clock = TestScheduler()
    withExtendedLifetime(last) {}
    print("== \(name)")
    fflush(nil)
    for line in run() { print(line) }
}
