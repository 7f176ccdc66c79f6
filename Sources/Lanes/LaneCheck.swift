import MarbleDiagrams
import MarbleNotation
import PlaygroundSession
import Reactive
import Shell
import TerminalText
import TerminalViews

/// What a lane of a row, the search or a playground signal did, against a marble string: what
/// `expect-marbles`, `predict` and a class's answers to `ask` are graded by, and the names
/// `marbles` reads its lanes by.
extension CommandTable {
    /// What a lane did against a marble string: `expect-marbles` and `predict` alike.
    package struct LaneCheck {
        /// The row or name, and the lane, as given.
        package let target: String
        package let lane: String
        /// "delay(1s) of row 1".
        package let laneName: String
        package let pattern: String
        /// Nil when the lane did what the pattern says; else both drawn aligned, a caret under
        /// the first difference.
        package let mismatch: [String]?
    }

    /// Checks `ROW|NAME LANE "PATTERN"` against the recordings.
    package static func checkLane(_ arguments: Arguments, _ context: CommandContext, for command: String)
        throws(CommandFailure) -> LaneCheck
    {
        let name = arguments.text(0) ?? ""
        _ = try streamPrefix(name, context, announce: false)
        let (lane, pattern) = try lanePattern(arguments.text(1) ?? "", for: command)
        return try checkLane(name, lane: lane, pattern: pattern, context)
    }

    /// Checks lane `lane` of `name` (a row or a name) against the marble string `pattern`: what
    /// `predict` and a class's answers to `ask` are graded by.
    package static func checkLane(_ name: String, lane: String, pattern: String, _ context: CommandContext)
        throws(CommandFailure) -> LaneCheck
    {
        let prefix = try streamPrefix(name, context, announce: false)
        let mismatch: [String]?
        do throws(MarbleNotation.Failure) {
            // The lanes `--inputs` adds can be checked too (`expect-marbles 1 hidden "-f"`).
            let events = InputLanes.appEvents(context.instrumentation, inputs: lane == InputLanes.hidden)
            if MarbleRecording.lanes(events, prefix: prefix).isEmpty, Parse.row(name) == nil,
                let lanes = playgroundLanes(name, context)
            {
                mismatch = try InputLanes.check(
                    lanes, of: name, lane: lane, pattern: pattern, width: context.session.terminal.width)
            } else {
                mismatch = try MarbleExpectation.check(
                    events, prefix: prefix, lane: lane, pattern: pattern,
                    width: context.session.terminal.width)
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let laneName = "\(lane.sanitizedForTerminal) of \(prefix.sanitizedForTerminal)"
        return LaneCheck(target: name, lane: lane, laneName: laneName, pattern: pattern, mismatch: mismatch)
    }

    /// `LANE "PATTERN"`: the pattern is the quoted text at the end (or the last word), the lane
    /// everything before it, spaces included ("execution 1"), in quotes or not.
    private static func lanePattern(_ text: String, for command: String) throws(CommandFailure)
        -> (lane: String, pattern: String)
    {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("\""), let open = trimmed.dropLast().lastIndex(of: "\"") {
            let lane = unquoted(String(trimmed[..<open]).trimmingSpaces)
            let pattern = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            if !lane.isEmpty { return (lane, pattern) }
        } else if let space = trimmed.lastIndex(where: \.isWhitespace) {
            return (
                unquoted(String(trimmed[..<space]).trimmingSpaces), String(trimmed[trimmed.index(after: space)...])
            )
        }
        throw CommandFailure("\(command) needs a row or name, a lane and a pattern: \(command) 1 isVisible \"t---f\"")
    }

    /// `"subscriber x"` is the lane `subscriber x`.
    private static func unquoted(_ lane: String) -> String {
        lane.count >= 2 && lane.hasPrefix("\"") && lane.hasSuffix("\"") ? String(lane.dropFirst().dropLast()) : lane
    }

    /// The stream-name prefix `target` stands for: a row of the list on screen ("row 3") or a
    /// name ("search"). `announce` says which photo a row is.
    package static func streamPrefix(_ target: String, _ context: CommandContext, announce: Bool)
        throws(CommandFailure) -> String
    {
        guard let row = Parse.row(target) else { return target.lowercased() }
        // A row of the list on screen: "row 1" of an earlier search is another photo.
        guard let list = context.navigator.top as? any ResultRows else {
            throw CommandFailure("marbles ROW works on a results list on top; 'marbles search' works anywhere")
        }
        guard let item = list.item(at: row) else {
            throw CommandFailure("no row \(row): the results have \(list.rowsText)")
        }
        if announce { context.say("row \(row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal)") }
        return item.streamName
    }
    /// The lanes of the playground signal `name`; nil when no signal has that name.
    package static func playgroundLanes(_ name: String, _ context: CommandContext) -> [MarbleLane]? {
        context.playground.marbleLanes(of: name).map {
            InputLanes.lanes($0, inputs: context.playground.inputs.events, app: context.instrumentation.eventLog.events)
        }
    }
}
