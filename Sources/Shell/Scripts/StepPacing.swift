/// What `--step` asks before each command of a script: run it, step back, or leave.
@MainActor
public protocol StepPacing: AnyObject {
    /// Shows `command` as the next one and waits for the presenter's choice.
    func awaitGo(_ command: String) -> StepChoice
    /// Says why a choice could not be followed ("nothing to step back to"); the command is asked again.
    func refuse(_ reason: String)
}
