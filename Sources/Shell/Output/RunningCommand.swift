import OutputKinds

/// Which command is running, for the number each printed line carries and for whether a line is
/// the command's own output or an update: `history`'s number of the command (nil for one that
/// changes nothing), and of the last one, since errors are reported just after their command returns.
package struct RunningCommand {
    /// The number of the command running now; nil between commands and for one that changes nothing.
    private(set) var number: Int?
    /// True while a command runs: what prints is its output, unless a timer printed it.
    private(set) var isRunning = false
    /// The command an error belongs to.
    private var last: Int?

    /// A command begins: `number` is its number in `history`, nil when it changes nothing.
    mutating func start(_ number: Int?) {
        self.number = number
        last = number
        isRunning = true
    }

    /// The running command turned out to change nothing (it failed before doing anything): what
    /// it prints from here on, its error too, carries no number.
    mutating func unnumber() {
        number = nil
        last = nil
    }

    /// The command returned: what prints now is an update.
    mutating func end() {
        number = nil
        isRunning = false
    }

    /// The number a line of `kind` carries: an error's is its command's, even once it returned.
    func number(for kind: LineKind) -> Int? { kind.isError ? last : number }
}
