/// `clock`: the virtual clock paused or playing in step with real time, at a speed.
extension CommandTable {
    package static let clock: ShellCommand = ShellCommand(
        name: "clock",
        parameters: [
            .init(name: "play|pause|speed", kind: .choice(["play", "pause", "speed"]), isOptional: true),
            .init(
                name: "0.5|1|2", kind: .choice(Playback.Speed.allCases.map(\.rawValue)), isOptional: true,
                invalid: { "clock speed takes 0.5, 1 or 2, not \($0.sanitizedForTerminal.prefix(40))" },
                completion: .after(["speed": Playback.Speed.allCases.map(\.rawValue)])),
        ],
        synopsis: "clock [play|pause|speed 0.5|1|2]",
        summary: "at the prompt under the virtual clock: let time pass in step with real time (play), "
            + "stand still until wait (pause), or pass at half or double speed",
        example: "clock play",
        details: [
            "a playing clock logs each command at the virtual time it began: goto and undo rebuild the session "
                + "as it was then, and save writes the time that passed to the millisecond; the prompt says [paused] "
                + "while time stands still",
            "a script's time moves only on wait, so the clock plays only at the prompt",
            "a breakpoint's event pauses a playing clock; continue or clock play plays on",
        ],
        misuse: "clock takes play, pause or speed 0.5|1|2", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            let clock = context.clock
            guard !clock.isLive else {
                throw CommandFailure(
                    "the live clock always runs: clock play and pause work under the virtual clock "
                        + "(--virtual-clock or --lesson)")
            }
            switch arguments.text(0) {
            case nil:
                break
            case "speed":
                guard let speed = arguments.text(1).flatMap(Playback.Speed.init(rawValue:)) else {
                    throw CommandFailure("clock speed takes 0.5, 1 or 2")
                }
                context.session.speed = speed
                if clock.playback != nil { clock.play(at: speed) }
            case let word:
                guard arguments.text(1) == nil else { throw CommandFailure("clock \(word ?? "") takes nothing more") }
                guard word == "pause" || context.session.terminal.isAtPrompt else {
                    throw CommandFailure("the clock plays only at the prompt: a script's time moves only on wait")
                }
                clock.play(at: word == "play" ? context.session.speed : nil)
            }
            context.say(describe(clock, speed: context.session.speed))
            if arguments.text(0) != nil { showClock(context) }
            return .succeeded
        })

    /// A class following the session sees how its time runs in the page's header, from the first
    /// change on: kept for pages that open later (`SessionFeed.seed`), and said again after `goto`.
    package static func showClock(_ context: CommandContext) {
        let state = context.clock.playback.map { "playing at \($0.speed.rawValue)x" } ?? "paused"
        context.session.serving.pageClock = state
        context.transcript.publish { $0.clock(state) }
    }

    /// "clock playing at 2x, at 00:03.400" or "clock paused at 00:03.400 (clock play lets time pass)".
    private static func describe(_ clock: ShellClock, speed: Playback.Speed) -> String {
        let time = clock.now.clockText
        guard let playback = clock.playback else {
            return "clock paused at \(time): time passes on wait, or with clock play (at \(speed.rawValue)x)"
        }
        return "clock playing at \(playback.speed.rawValue)x, from \(time)"
    }
}
