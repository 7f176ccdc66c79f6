/// What a command does to the session's state: the ViewModels, the clock, the playground,
/// the settings that shape what later commands print.
package enum Effect {
    /// It changes it (`search`, `scroll`, `wait`, `let`, `trace on`, `expect-all on`, which changes
    /// what later commands must answer for).
    case changesState
    /// It only looks (`show`, `stack`, `inspect`, `marbles`, the expectations).
    case readsOnly
    /// It only looks unless given arguments (`stats` against `stats reset`, `net` against
    /// `net offline`).
    case readsOnlyWithoutArguments
}
