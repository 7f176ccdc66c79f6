import SessionWire
import Synchronization

/// Where the students' answers arrive: the open question's, one per student (a later answer
/// replaces its earlier one), until the teacher closes it. A student is the id the server gave its
/// connection (`Voters`), never a word the page chose, so one connection is one vote. It judges each frame
/// a page sends; the shell only opens, closes and reads. Nothing here is printed: the teacher sees
/// answers only as `answers` counts and draws them.
final class AnswerDesk: Sendable {
    /// What becomes of one frame.
    enum Verdict: Equatable, Sendable {
        /// Counted as the student's answer to question `number`.
        case counted(number: Int)
        /// Not taken; the page is told why and stays.
        case refused(String)
        /// The teacher's page asked for a control (`ask close`), for the shell to run.
        case control(String)
        /// A line for the fork of student `who` (its connection's id), for the shell to run there
        /// and answer.
        case fork(line: String, who: String)
        /// Malformed: the page is closed.
        case drop(String)
    }

    private struct State {
        var open: Int?
        var lastClosed: Int?
        /// The open question's choices, compared without letter case; empty for a marble question.
        var choices: [String] = []
        var answers: [String: ClassAnswer] = [:]
        /// Students in the order they first answered, so the answers read back in a fixed order.
        var order: [String] = []
    }

    private let state = Mutex(State())
    /// Runs a control the teacher's page sent (`ask close`); set by the shell.
    private let control = Mutex<(@Sendable (String) -> Void)?>(nil)
    /// Runs a line in a student's fork and hands back what it printed; set by the shell.
    private let forks = Mutex<(@Sendable (String, String, @escaping @Sendable ([String]) -> Void) -> Void)?>(nil)

    func onFork(_ handler: @escaping @Sendable (String, String, @escaping @Sendable ([String]) -> Void) -> Void) {
        forks.withLock { $0 = handler }
    }

    /// What `line` printed in `who`'s fork, once the shell ran it on its own thread.
    func runFork(_ line: String, who: String) async -> [String] {
        // No handler yet: the teacher has not run class fork on (nor asked anything).
        guard let handler = forks.withLock({ $0 }) else {
            return ["vmsh: forks are closed: the teacher opens them with class fork on"]
        }
        return await withCheckedContinuation { continuation in
            handler(line, who) { continuation.resume(returning: $0) }
        }
    }

    func onControl(_ handler: @escaping @Sendable (String) -> Void) { control.withLock { $0 = handler } }

    /// Hands `line` to the shell, on this (a server's) thread: the shell posts it to its own.
    func runControl(_ line: String) { control.withLock { $0 }?(line) }

    /// Opens question `number` with no answers yet, taking only one of `choices` when it has
    /// them; nil closes the open one (answers kept to read).
    func open(_ number: Int?, choices: [String] = []) {
        state.withLock { state in
            if let number {
                state = State(open: number, lastClosed: state.lastClosed, choices: choices)
            } else {
                state.lastClosed = state.open ?? state.lastClosed
                state.open = nil
            }
        }
    }

    /// The answers to the open (or last closed) question, one per student, in the order they first answered.
    var answers: [ClassAnswer] {
        state.withLock { state in state.order.compactMap { state.answers[$0] } }
    }

    /// Judges one text frame from `voter`'s page (`teacher`: the page opened with the teacher's token).
    func take(_ frame: String, from voter: String, teacher: Bool) -> Verdict {
        guard let read = StudentFrame.read(frame) else {
            return .drop("this page sends only answers: {\"answer\": TEXT}")
        }
        switch read {
        case .control(let control):
            return teacher ? .control(control) : .refused("only the teacher's page may ask, close or show answers")
        case .fork(let line):
            return .fork(line: line, who: voter)
        case .answer(let answer):
            guard !answer.text.isEmpty else { return .refused("an empty answer is no answer") }
            return state.withLock { state in
                guard let open = state.open else {
                    return .refused(
                        state.lastClosed.map { "question \($0) is closed" } ?? "no question is open")
                }
                if !state.choices.isEmpty,
                    !state.choices.contains(where: { $0.lowercased() == answer.text.lowercased() })
                {
                    return .refused("not one of the choices: " + state.choices.joined(separator: ", "))
                }
                if state.answers.updateValue(answer.from(voter), forKey: voter) == nil { state.order.append(voter) }
                return .counted(number: open)
            }
        }
    }
}

/// How many frames one page may send: at most `ServeLimits.sends` in any `ServeLimits.sendWindow`;
/// a page past that floods, and is dropped.
struct SendBudget {
    let most: Int
    let window: Duration
    private var times: [ContinuousClock.Instant] = []

    init(_ limits: ServeLimits) {
        (most, window) = (limits.sends, limits.sendWindow)
    }

    /// Counts one frame sent at `now`; false when it is one too many.
    mutating func allows(at now: ContinuousClock.Instant = .now) -> Bool {
        times.removeAll { now - $0 >= window }
        guard times.count < most else { return false }
        times.append(now)
        return true
    }
}
