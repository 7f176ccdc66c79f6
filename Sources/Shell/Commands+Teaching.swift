extension Shell {
    /// The instruments for teaching: what happens behind each command, drawn and checked.
    static let teachingCommands: [ShellCommand] = [
        ShellCommand(
            name: "trace", usage: "trace on|off [FILTER]",
            summary: "print every signal event as it happens (subscribed, next, error, completed, disposed)",
            example: "trace on row 3", run: { try $0.trace($1) }),
        ShellCommand(
            name: "marbles", usage: "marbles ROW|NAME",
            summary: "draw the recorded streams of a row (or of 'search') as marble diagrams",
            example: "marbles 3", run: { try $0.marbles($1) }),
        ShellCommand(
            name: "set", usage: "set [pipeline original|fixed]",
            summary: "show the settings, or run new rows' metadata pipeline as the tutorial wrote it or as vmsh does",
            example: "set pipeline original", run: { try $0.set($1) }),
        ShellCommand(
            name: "inspect", usage: "inspect",
            summary: "the top ViewModel's properties and their current values (the model of the view)",
            example: "inspect", run: { try $0.inspect($1) }),
        ShellCommand(
            name: "stats", usage: "stats",
            summary: "service calls per method, calls saved by the visibility delay, live ViewModels",
            example: "stats", run: { try $0.stats($1) }),
        ShellCommand(
            name: "fetch", usage: "fetch ROW COUNT [cold|shared]",
            summary: "subscribe COUNT times to a row's metadata signal: cold calls each time, shared once",
            example: "fetch 1 2 shared", run: { try $0.fetch($1) }),
        ShellCommand(
            name: "net", usage: "net online|offline|slow MS|flaky PCT",
            summary: "change the simulated network, to show connection errors and recovery",
            example: "net offline", run: { try $0.net($1) }),
        ShellCommand(
            name: "expect", usage: "expect TEXT",
            summary: "fail unless the previous command's output contained TEXT (lesson scripts as tests)",
            example: "expect 100 of 791 photos", run: { try $0.expect($1, present: true) },
            readsPreviousOutput: true),
        ShellCommand(
            name: "expect-error", usage: "expect-error TEXT",
            summary: "the previous command must have failed with TEXT in its error; then its failure does not count",
            example: "expect-error search is disabled", run: { try $0.expectError($1) },
            readsPreviousOutput: true),
        ShellCommand(
            name: "expect-not", usage: "expect-not TEXT",
            summary: "fail if the previous command's output contained TEXT",
            example: "expect-not favorites", run: { try $0.expect($1, present: false) },
            readsPreviousOutput: true),
    ]
}
