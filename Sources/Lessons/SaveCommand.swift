import Foundation
import Shell
import TerminalViews

extension CommandTable {
    static let save: ShellCommand = ShellCommand(
        name: "save",
        parameters: [
            .init(name: "--all|--expect", kind: .choice(["--all", "--expect"]), isOptional: true),
            .init(name: "FILE", kind: .text(suggestions: .none)),
        ],
        synopsis: "save [--all|--expect] FILE",
        summary: "write the session so far as a lesson script: its commands and the waits between them",
        example: "save my-lesson.vmsh", misuse: "save needs a file: save [--all|--expect] FILE", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            guard let log = context.session.control?.log else { return .succeeded }
            let path = arguments.text(1) ?? ""
            var writer = LessonWriter()
            writer.includesFailures = arguments.text(0) == "--all"
            writer.addsExpectations = arguments.text(0) == "--expect"
            writer.keepsExactTimes = !context.clock.isLive
            let date = Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
            let text = writer.text(
                of: log.entries, savedOn: date, startedWith: context.session.scripts.startedWith,
                title: context.session.scripts.title)
            try OwnFile.write(
                text, to: path, mark: LessonWriter.mark, by: "save", confinedBy: context.session.scripts.confinedBy)
            // A comment typed at the prompt is saved too, but is no command.
            let count = log.entries.filter { ($0.succeeded || writer.includesFailures) && !$0.line.hasPrefix("#") }
                .count
            context.say("saved \(count.counted("command")) to \(path.terminalField(limit: 200))")
            return .succeeded
        })
}
