import Testing

@testable import Shell

/// The log's dropped commands give back exactly the steps they were, though they keep only what
/// a replay cannot work out.
struct DroppedStepsTests {
    /// A step from `started` to `ended` ms, the clock having run `actions` timer actions at each.
    private func step(
        _ line: String, _ started: Int, _ ended: Int, wait: Bool = false, actions: (Int, Int) = (0, 0)
    ) -> CommandLog.Step {
        CommandLog.Step(
            line: line, started: ClockPosition(time: .milliseconds(started), actions: actions.0),
            ended: ClockPosition(time: .milliseconds(ended), actions: actions.1), passesTime: wait)
    }

    @Test func everyStepComesBackWithItsTimesAndActions() {
        let steps = [
            step("search sunset", 0, 0),
            step("wait 1s", 0, 1_000, wait: true),
            // A playing clock: 2.5 s passed before the scroll, outside any wait.
            step("scroll down", 3_500, 3_500),
            // A wait cut short by Ctrl-C.
            step("wait 5s", 3_500, 4_217, wait: true),
            step("open 3", 4_217, 4_217),
            step("wait 1ms", 4_217, 4_218, wait: true),
            // A command that somehow took clock time of its own.
            step("back", 4_218, 4_300),
            step("stats reset", 4_300, 4_300),
            // A wait a breakpoint stopped after the first of two actions due at 4.5 s, then a
            // continue that ran the second at the same time.
            step("wait 1s", 4_300, 4_500, wait: true, actions: (0, 1)),
            step("continue", 4_500, 4_500, wait: true, actions: (1, 2)),
            step("why 30", 4_500, 4_500, actions: (2, 2)),
        ]
        var dropped = DroppedSteps()
        for step in steps { dropped.append(step) }
        let back = dropped.steps(prefix: .max)
        #expect(back.map(\.line) == steps.map(\.line))
        #expect(back.map(\.started) == steps.map(\.started))
        #expect(back.map(\.ended) == steps.map(\.ended))
        #expect(back.map(\.passesTime) == steps.map(\.passesTime))
        #expect(dropped.steps(prefix: 3).map(\.line) == ["search sunset", "wait 1s", "scroll down"])
    }
}
