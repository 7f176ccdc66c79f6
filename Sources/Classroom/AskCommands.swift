import MarbleNotation
import SessionWire
import Shell
import TerminalText

/// `ask` and `answers`: the class following the served page answers a question from its
/// browsers; the teacher closes it and sees how many were right, and the commonest wrong answers.
extension CommandTable {
    package static let classroomCommands: [ShellCommand] = [ask, answers, classCommand, exercise]

    static let ask: ShellCommand = {
        var ask = askCommand
        // The echo is every page's too: it shows the choices, not which one is right.
        ask.echoesAs = Question.withoutMark
        // The teacher's page may ask the first question: its controls are heard from the start.
        ask.servingDidStart = { context in context.transcript.feed?.classServer.map { listen($0, context) } }
        return ask
    }()

    private static let askCommand = ShellCommand(
        name: "ask",
        parameters: [.init(name: "ROW|NAME LANE | \"QUESTION\" CHOICE… | close", kind: .text(suggestions: .none))],
        options: [
            Parameter(
                name: "--for", kind: .duration(orWords: []), isOptional: true,
                invalid: { Parse.notADuration("ask --for", $0) }, valueName: "DURATION")
        ],
        synopsis: "ask ROW|NAME LANE | ask \"QUESTION\" CHOICE… *RIGHT… [--for DURATION] | ask close | ask again",
        summary: "ask the class following the served page a question: what a lane will do, answered as a marble "
            + "string and graded as predict grades, or a choice whose right one is marked with a leading *; "
            + "ask close closes it and shows the answers; ask again opens the last one for a second vote",
        example: "ask 1 delay(1s)",
        details: [
            "ask \"Which call is saved?\" favorites comments *both none: a choice, the right one marked *",
            "--for 30s closes the question by itself after that much clock time",
            "ask again, after the class has talked it over: the last question opens for another round, each "
                + "student's answer counted afresh; once it closes, answers shows the rounds side by side "
                + "(round 1: 8 of 20 right · round 2: 15 of 20 right)",
            "each student's latest answer counts, once; a name is the student's choice; names show only with "
                + "answers --names",
            "a page sends at most \(ServeLimits().answerBytes) bytes a frame and \(ServeLimits().sends) frames "
                + "in \(DurationGrammar.format(ServeLimits().sendWindow)); more, or anything but an answer, and it is closed",
        ],
        misuse: "usage: " + Question.usage, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let text = arguments.text(0) ?? ""
            if text.lowercased() == "close" {
                guard arguments.optionDuration("--for") == nil else { throw CommandFailure("ask close takes no --for") }
                try close(context)
                return .succeeded
            }
            let state = context.classroom
            if let open = state.open {
                throw CommandFailure("\(open.title) is still open: ask close first")
            }
            guard let feed = context.transcript.feed else {
                throw CommandFailure("ask asks the class following the served page: serve on first")
            }
            let question: Question
            if text.lowercased() == "again" {
                guard var again = state.last?.question else {
                    throw CommandFailure("ask again opens the last closed question again: none has closed yet")
                }
                again.round += 1
                question = again
            } else {
                question = try Question.parse(text, number: state.asked + 1)
                state.asked += 1
            }
            state.open = question
            feed.classServer?.openQuestion(question.number, choices: question.choices)
            feed.classServer.map { listen($0, context) }
            context.transcript.publish {
                $0.question(
                    question.number, round: question.round, text: question.text, lane: question.lane,
                    choices: question.choices)
            }
            context.say(
                question.round > 1
                    ? "\(question.title) asked: \(question.text) (each answer counts afresh)"
                    : "question \(question.number) asked: \(question.text)")
            // The choices, never which is right: what prints here every page shows too.
            if !question.choices.isEmpty { context.say("choices: " + question.choices.joined(separator: ", ")) }
            if let limit = arguments.optionDuration("--for") {
                context.say("it closes by itself in \(DurationGrammar.format(limit))")
                state.deadline = context.clock.now + limit
                closeOnTime(context)
            }
            return .succeeded
        })

    /// Closes the open question at its deadline, on the session's clock now (a `goto` makes a
    /// new one: the question's time limit is scheduled on it again).
    static func closeOnTime(_ context: CommandContext) {
        let state = context.classroom
        guard let question = state.open, let deadline = state.deadline else { return }
        state.limit = context.clock.scheduler.schedule(after: max(.zero, deadline - context.clock.now)) {
            [weak state] in
            guard state?.open == question else { return }
            context.say("time is up for \(question.title)")
            try? close(context)
        }
    }

    /// Closes the open question: its answers graded, printed and shown on every page.
    static func close(_ context: CommandContext) throws(CommandFailure) {
        let state = context.classroom
        guard let question = state.open else {
            throw CommandFailure(
                state.last.map { "\($0.question.title) is closed already: answers shows it again" }
                    ?? "no question is open: \(Question.usage)")
        }
        state.limit?.dispose()
        state.limit = nil
        state.deadline = nil
        let server = context.transcript.feed?.classServer
        server?.openQuestion(nil, choices: [])
        let tally = Tally.grade(question, server?.answers ?? [], context)
        state.open = nil
        state.tallies.append(tally)
        // Grading may have replayed the session (the misreadings): the context is the new one.
        show(tally, names: false, context.session.control?.context ?? context)
    }

    /// The tally printed (and so recorded, exported and served as lines), then handed to the
    /// pages as one message, which each shows under its question (`publish`: the latest
    /// question's, which a late page is told). Names go to the teacher's terminal alone: no page,
    /// export or recording of the class holds who answered what.
    static func show(_ tally: Tally, names: Bool, publish: Bool = true, _ context: CommandContext) {
        // After a second round, the rounds so far side by side.
        let rounds = Tally.rounds(
            context.classroom.tallies.filter {
                $0.question.number == tally.question.number && $0.question.round <= tally.question.round
            })
        let lines = tally.lines + (rounds.map { [$0] } ?? [])
        lines.forEach(context.say)
        if names {
            if tally.named.isEmpty { context.sayToTerminalOnly("no student gave a name") }
            tally.named.forEach(context.sayToTerminalOnly)
        }
        guard publish else { return }
        let question = tally.question
        context.transcript.publish {
            $0.answers(
                question.number, round: question.round, text: question.text, answered: tally.answered,
                right: tally.right, lines: lines)
        }
    }

    /// Lets the teacher's page (opened with the second token) run `ask` and `answers` here: each
    /// control is posted to the shell's own thread and run as if typed. Nothing else runs.
    static func listen(_ server: any ClassServing, _ context: CommandContext) {
        let state = context.classroom
        guard state.listeningTo !== server else { return }
        state.listeningTo = server
        let (mailbox, session) = (context.clock.mailbox, context.session)
        server.onControl { [weak session] line in
            let name = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            guard name == "ask" || name == "answers" || line == "class" else { return }
            mailbox.post {
                guard let control = session?.control else { return }
                // Said first, as a typed command is seen: what follows is the page's doing.
                // As a typed ask echoes: never the mark on the right choice.
                let shown = name == "ask" ? "ask " + Question.withoutMark(String(line.dropFirst(3))) : line
                control.context.say("from the teacher's page: " + shown.terminalField(limit: 200))
                _ = control.run(line: line)
            }
        }
        server.onFork { [weak session] line, who, reply in
            mailbox.post {
                guard let control = session?.control else { return reply(["vmsh: the session has ended"]) }
                runFork(line, from: who, control.context, reply: reply)
            }
        }
    }
}
