/// What a lesson's checks (the `expect` family, exercises) keep between lines.
@MainActor
package final class ExpectationState {
    /// The error of the last command other than an expectation, for `expect-error`.
    package var previousFailure: String? {
        didSet { previousFailureForgiven = false }
    }
    /// True once an `expect-error` has retracted `previousFailure` from the count of failures.
    package var previousFailureForgiven = false
    /// `expect-all on`: each command's lines must be accounted for by the expectations after it.
    package var expectsAll = false
    /// The lines of the last command, waiting for expectations, while `expectsAll`.
    package var account: OutputAccount?
    /// True after an `answer` line asked its question in a lesson run without `--grade`: the
    /// checks right after it are for a learner's answer, so they are skipped.
    package var isUnanswered = false
}
