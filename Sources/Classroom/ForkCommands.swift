import EventLoop
import Pipelines
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
                + "\(Fork.classLimit) forks",
            "with an exercise set, each group of forks whose pipeline makes other calls than the target is drawn "
                + "where it first parts from it, as compare draws it (A: the group's pipeline, B: the target)",
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
                let closed = state.forks.count + state.opening.count
                for opening in state.opening {
                    for (_, reply) in opening.lines { reply(["vmsh: forks are closed: the teacher closed them"]) }
                }
                (state.forks, state.opening) = ([], [])
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
        let opening = state.opening.isEmpty ? "" : " (\(state.opening.count) opening)"
        var lines = ["\(following) · \(forks) · \(state.forks.count.counted("fork"))\(opening)"]
        // The forks grouped by the pipeline each last wrote, the commonest first; against the
        // exercise's target, the calls each group's makes otherwise.
        var groups: [(pipeline: String, forks: [Fork])] = []
        for (_, fork) in state.forks {
            let pipeline = fork.written?.line ?? "(no pipeline written yet)"
            if let at = groups.firstIndex(where: { $0.pipeline == pipeline }) {
                groups[at].forks.append(fork)
            } else {
                groups.append((pipeline, [fork]))
            }
        }
        let sorted = groups.enumerated().sorted {
            ($0.element.forks.count, -$0.offset) > ($1.element.forks.count, -$1.offset)
        }.map(\.element)
        var matching = 0
        var drawn: [String] = []
        for group in sorted {
            drawn.append("  \(group.forks.count)  \(group.pipeline.terminalField(limit: 200))")
            guard let (target, _) = state.target, let fork = group.forks.first, let written = fork.written,
                let (made, wanted, difference) = compared(
                    of: written.name, and: target, width: context.lineWidth - 5, fork.context)
            else { continue }
            if made == wanted {
                matching += group.forks.count
                drawn.append("     the same calls as \(target)")
            } else {
                let methods = Set(made.keys).union(wanted.keys).sorted().filter { made[$0] != wanted[$0] }
                drawn.append(
                    "     calls otherwise than \(target): "
                        + methods.map { "\($0) \(made[$0] ?? 0) (\(target) \(wanted[$0] ?? 0))" }.joined(
                            separator: ", "))
                // Where the students' pipeline (A) first parts from the target (B), as compare draws it.
                drawn += difference.map { "     " + $0 }
            }
        }
        if let (target, task) = state.target {
            lines.append("exercise: \(task): \(matching) of \(state.forks.count) make the same calls as \(target)")
        }
        lines += drawn
        return lines
    }

    /// Runs `line`, which student `who` sent, in that student's fork, opening one if need be, and
    /// hands what it printed to `reply`: at once in an open fork, else once the fork is built.
    static func runFork(
        _ line: String, from who: String, _ context: CommandContext, reply: @escaping @Sendable ([String]) -> Void
    ) {
        let state = context.classroom
        guard state.forksOpen else {
            return reply(["vmsh: forks are closed: the teacher opens them with class fork on"])
        }
        if let fork = state.forks.first(where: { $0.who == who })?.fork { return reply(fork.run(line)) }
        if let at = state.opening.firstIndex(where: { $0.who == who }) {
            return state.opening[at].lines.append((line, reply))
        }
        guard state.forks.count + state.opening.count < Fork.classLimit else {
            return reply(["vmsh: the class has its \(Fork.classLimit) forks open: no more"])
        }
        guard let control = context.session.control else { return reply(["vmsh: the session has ended"]) }
        do throws(CommandFailure) {
            state.opening.append(Opening(who: who, build: try control.startFork(), lines: [(line, reply)]))
        } catch {
            return reply(["vmsh: " + error.message])
        }
        if state.opening.count == 1 { buildForks(state, context.clock.mailbox) }
    }

    /// Replays the first fork being built for a quarter of a millisecond, then lets the loop take the teacher's
    /// next line before going on: a class opening its forks at once never stalls the teacher for
    /// longer than one of the teacher's commands takes to replay.
    private static func buildForks(_ state: ClassroomState, _ mailbox: Mailbox) {
        mailbox.post { [weak state] in
            guard let state, let opening = state.opening.first else { return }
            if let fork = opening.build.advance(for: .microseconds(250)) {
                state.opening.removeFirst()
                state.forks.append((opening.who, fork))
                let opened = "your fork of the session as it stood after command \(opening.build.through)"
                for (index, (line, reply)) in opening.lines.enumerated() {
                    reply((index == 0 ? [opened] : []) + fork.run(line))
                }
            }
            if !state.opening.isEmpty { buildForks(state, mailbox) }
        }
    }
}
