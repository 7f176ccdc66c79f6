import Pipelines
import SessionWire
import Shell
import TerminalText

/// `class` and `class fork on|off`: the teacher's view of the room, and the students' own forks
/// of the session, in which each writes pipelines the teacher's session never sees.
extension CommandTable {
    static let classCommand = ShellCommand(
        name: "class",
        parameters: [.init(name: "fork on|off", kind: .text(suggestions: .none), isOptional: true)],
        synopsis: "class | class fork on|off",
        summary: "the room: how many students follow, how many forks are open and the pipelines they run; "
            + "class fork on lets each student's page open its own fork of the session, class fork off closes them",
        example: "class fork on",
        details: [
            "a fork is the session as it stood when the student opened it, rebuilt for that student alone (virtual "
                + "clock): it runs only \(Fork.commands.sorted().joined(separator: ", ")), writes no file and "
                + "serves nothing, and the teacher's session never sees it",
            "each fork runs at most \(Fork.stepLimit) commands; the class opens at most "
                + "\(ServeLimits().students) forks",
        ],
        misuse: "usage: class | class fork on|off", effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let words = (arguments.text(0) ?? "").split(separator: " ").map { $0.lowercased() }
            let state = context.classroom
            switch words {
            case []:
                room(context).forEach(context.say)
            case ["fork", "on"]:
                guard let server = context.transcript.feed?.classServer else {
                    throw CommandFailure(
                        "class fork on opens forks to the class following the served page: serve on first")
                }
                listen(server, context)
                state.forksOpen = true
                context.say("forks open: each student's page can open its own fork of the session")
            case ["fork", "off"]:
                state.forksOpen = false
                let closed = state.forks.count
                state.forks = [:]
                state.forkOrder = []
                context.say("forks closed (\(closed.counted("fork")) let go)")
            default:
                throw CommandFailure("usage: class | class fork on|off")
            }
            return .succeeded
        })

    static let exercise = ShellCommand(
        name: "exercise",
        parameters: [
            .init(name: "TARGET", kind: .word(suggestions: .none)),
            .init(name: "TASK", kind: .text(suggestions: .none), isOptional: true),
        ],
        summary:
            "set the class an exercise: write, in a fork, a pipeline that makes the same calls as pipeline TARGET; "
            + "class then says how many forks' pipelines do (each checked as compare checks it)",
        example: "exercise fixed write a pipeline that makes the same calls as fixed",
        details: ["each page shows the task; a fork's pipeline is the one it last wrote (pipeline NAME = …)"],
        misuse: "usage: exercise TARGET [TASK]", isNarration: true, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let target = arguments.text(0) ?? ""
            guard context.metadataPipeline(named: target) != nil else {
                throw CommandFailure(
                    "\(target.terminalField(limit: 40)) is no pipeline: exercise takes one of "
                        + context.metadataPipelineNames.joined(separator: ", "))
            }
            let task =
                arguments.text(1).map { $0.terminalField(limit: 400) }
                ?? "write a pipeline that makes the same calls as \(target)"
            context.classroom.target = (target, task)
            context.narrate("exercise: " + task, mark: "?")
            return .succeeded
        })

    /// What `class` says: who follows, the forks, the exercise and how many forks meet it, and each
    /// pipeline the forks last wrote with how many wrote it.
    static func room(_ context: CommandContext) -> [String] {
        let state = context.classroom
        let following = context.transcript.feed.map { "\($0.server.students.following) following" } ?? "not serving"
        let forks = state.forksOpen ? "forks open" : "forks closed"
        var lines = ["\(following) · \(forks) · \(state.forks.count.counted("fork"))"]
        if let (target, task) = state.target {
            let matching = state.forkOrder.compactMap { state.forks[$0] }.count { fork in
                fork.written.flatMap { sameCalls($0.name, target, fork.context) } == true
            }
            lines.append("exercise: \(task): \(matching) of \(state.forks.count) make the same calls as \(target)")
        }
        // The forks grouped by the pipeline each runs, the commonest first.
        var groups: [(pipeline: String, count: Int)] = []
        for who in state.forkOrder {
            guard let fork = state.forks[who] else { continue }
            let pipeline = fork.written?.line ?? "(no pipeline written yet)"
            if let at = groups.firstIndex(where: { $0.pipeline == pipeline }) {
                groups[at].count += 1
            } else {
                groups.append((pipeline, 1))
            }
        }
        let sorted = groups.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
        lines += sorted.map { "  \($0.element.count)  \($0.element.pipeline.terminalField(limit: 200))" }
        return lines
    }

    /// Runs `line`, which student `who` sent, in that student's fork, opened now if need be.
    static func runFork(_ line: String, from who: String, _ context: CommandContext) -> [String] {
        let state = context.classroom
        guard state.forksOpen else { return ["vmsh: forks are closed: the teacher opens them with class fork on"] }
        var opened: [String] = []
        if state.forks[who] == nil {
            guard state.forks.count < ServeLimits().students else {
                return ["vmsh: the class has its \(ServeLimits().students) forks open: no more"]
            }
            do throws(CommandFailure) {
                guard let control = context.session.control else { return ["vmsh: the session has ended"] }
                state.forks[who] = try control.fork()
                state.forkOrder.append(who)
                opened = ["your fork of the session as it stood after command \(control.log.lastNumber)"]
            } catch {
                return ["vmsh: " + error.message]
            }
        }
        return opened + (state.forks[who]?.run(line) ?? [])
    }
}
