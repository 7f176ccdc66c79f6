/// The scripts and `-c` commands of the command line, in the order they were typed:
/// `vmsh -c 'text x' lesson.vmsh -c stack` runs the text, then the lesson, then the stack.
enum CommandLineInputs: Equatable {
    case script(String)
    /// Consecutive `-c` commands, numbered from `firstNumber` in error messages.
    case commands([String], firstNumber: Int)

    /// The parser keeps each kind in order but not the two together, so the raw arguments say
    /// where each `-c` stood; a script is placed where its path first appears as an argument.
    static func inOrder(
        scripts: [String], commands: [String], arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> [CommandLineInputs] {
        var inputs: [CommandLineInputs] = []
        var pendingScripts = scripts[...]
        var pendingCommands = commands[...]
        var number = 1
        func addCommand(_ command: String) {
            if case .commands(let lines, let first) = inputs.last {
                inputs[inputs.count - 1] = .commands(lines + [command], firstNumber: first)
            } else {
                inputs.append(.commands([command], firstNumber: number))
            }
            number += 1
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-c", let command = pendingCommands.first {
                addCommand(command)
                pendingCommands.removeFirst()
                index += 2
                continue
            }
            if argument == pendingScripts.first {
                inputs.append(.script(argument))
                pendingScripts.removeFirst()
            }
            index += 1
        }
        // Whatever the scan could not place keeps the parser's order.
        inputs += pendingScripts.map(CommandLineInputs.script)
        pendingCommands.forEach(addCommand)
        return inputs
    }
}
