/// The instruments for teaching: what happens behind each command, drawn and checked.
extension CommandTable {
    static let teachingCommands: [ShellCommand] = [trace] + marbleCommands + [set, inspect, stats, fetch, net]
}
