/// The numbered commands the log dropped for room, oldest first, as compact as an exact replay
/// allows: a long session may drop tens of thousands. Each keeps its line; a `wait` its end; a
/// command keeps its start only when the clock moved before it outside any wait (a playing
/// clock), and its end only when that is not its start.
package struct DroppedSteps {
    private var lines: [String] = []
    private var passesTime: [Bool] = []
    /// The end of each dropped wait, in order.
    private var waitEnds: [ClockPosition] = []
    /// By index: the start of a command that did not begin where the one before ended.
    private var starts: [Int: ClockPosition] = [:]
    /// By index: the end of a command other than a wait that ended after it began.
    private var ends: [Int: ClockPosition] = [:]
    /// Where the last dropped command left the clock.
    private var end = ClockPosition(time: .zero)

    var count: Int { lines.count }

    mutating func append(_ step: CommandLog.Step) {
        let index = lines.count
        if step.started != end { starts[index] = step.started }
        lines.append(step.line)
        passesTime.append(step.passesTime)
        if step.passesTime {
            waitEnds.append(step.ended)
        } else if step.ended != step.started {
            ends[index] = step.ended
        }
        end = step.ended
    }

    /// The first `limit` steps, as the log had them.
    func steps(prefix limit: Int) -> [CommandLog.Step] {
        var steps: [CommandLog.Step] = []
        var clock = ClockPosition(time: .zero)
        var waits = waitEnds.makeIterator()
        for index in lines.indices.prefix(limit) {
            let started = starts[index] ?? clock
            let ended = passesTime[index] ? (waits.next() ?? started) : ends[index] ?? started
            steps.append(
                CommandLog.Step(line: lines[index], started: started, ended: ended, passesTime: passesTime[index]))
            clock = ended
        }
        return steps
    }

    mutating func removeAll() { self = DroppedSteps() }
}
