/// Why a command did not start.
public enum CommandError: Error, Equatable {
    /// The enabled signal says no (RACCommandErrorNotEnabled), or the command is already executing.
    case disabled
}
