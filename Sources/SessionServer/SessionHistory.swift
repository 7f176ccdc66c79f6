import SessionWire
import Synchronization

/// The session as served: its messages in order, the latest `ServeLimits.kept` bytes of them held for
/// students who join late, and each student a place in them. One history for every student, as a
/// replay subject keeps one buffer for all its subscribers: memory grows with the session up to
/// the bound, not with the students. A student that has not taken `ServeLimits.lag` bytes of what was
/// published since it joined (a browser that stopped reading) is dropped; no one waits for it.
///
/// The teacher's side, `publish`, takes a lock, appends and rings a bell: it never waits for a
/// student. `ring()` answers the bell off the teacher's thread: it wakes the students that were
/// waiting and drops those too far behind.
final class SessionHistory: Sendable {
    /// A student who has just joined: its number, how many messages it missed because they are
    /// no longer kept, and the latest lasting messages (the clock, the question), which it gets first.
    struct Joined: Equatable, Sendable {
        let student: Int
        let missed: Int
        let lasting: [String]
    }

    /// What a student gets next: messages, or the end of its following.
    enum Next: Equatable, Sendable {
        case messages([String])
        case ended(Ending)
    }

    enum Ending: Equatable, Sendable {
        /// The teacher stopped serving.
        case stopped
        /// It fell more than `ServeLimits.lag` behind, or behind what is kept.
        case dropped
        /// Its connection went (its task was cancelled).
        case left
    }

    let limits: ServeLimits
    private let state: Mutex<State>
    private let bell: AsyncStream<Void>.Continuation
    private let rings: AsyncStream<Void>
    /// Rung when a student stops following (it left, or was dropped), for `everyoneLeft`.
    private let departure: AsyncStream<Void>.Continuation
    private let departures: AsyncStream<Void>

    init(limits: ServeLimits) {
        self.limits = limits
        state = Mutex(State())
        (rings, bell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (departures, departure) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Appends one message for every student, and returns at once. One `lasting` says how
    /// something stands (`standing`): the latest of each is also kept apart from the history,
    /// however much of it goes, for the students who join later.
    func publish(_ message: String, lasting standing: String? = nil) {
        let limit = limits.kept
        state.withLock { state in
            guard !state.stopped else { return }
            state.append(message, keeping: limit)
            guard let standing else { return }
            if let at = state.lasting.firstIndex(where: { $0.standing == standing }) {
                state.lasting[at].message = message
            } else {
                state.lasting.append((standing, message))
            }
        }
        bell.yield()
    }

    /// A new student, from the oldest message kept; nil when `ServeLimits.students` follow already.
    /// `drop` ends its connection when it falls too far behind, or when serving stops. The
    /// teacher's page (`teacher`) follows as a student does, but is no student: not counted, and
    /// let in when the class is full.
    func join(teacher: Bool = false, drop: @escaping @Sendable () -> Void) -> Joined? {
        let most = limits.students
        return state.withLock { state in
            guard teacher || state.following < most else { return nil }
            let id = state.nextStudent
            state.nextStudent += 1
            state.students[id] = Student(
                next: state.firstNumber, joinedAt: state.published, teacher: teacher, drop: drop)
            return Joined(student: id, missed: state.firstNumber, lasting: state.lasting.map(\.message))
        }
    }

    /// True when `ServeLimits.students` follow already: the page answers 503.
    var isFull: Bool { state.withLock { $0.following >= limits.students } }

    /// The student's next messages (at most `ServeLimits.batch` bytes, at least one), waiting for
    /// them when it has taken everything; or why it follows no more.
    func next(for student: Int) async -> Next {
        let batch = limits.batch
        while true {
            if let next = state.withLock({ $0.take(for: student, batch: batch) }) { return next }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
                    let parked = state.withLock { $0.park(student, waiting) }
                    if !parked { waiting.resume() }
                }
            } onCancel: {
                state.withLock { $0.cancel(student) }?.resume()
            }
        }
    }

    /// The student's connection is gone.
    func leave(_ student: Int) {
        _ = state.withLock { $0.students.removeValue(forKey: student) }
        departure.yield()
    }

    /// Returns once no student follows, or once `limit` has passed: what `SessionServer.stop`
    /// gives the pages to take their goodbye. Woken by each departure, it polls nothing.
    func everyoneLeft(within limit: Duration) async {
        let departures = self.departures
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                guard self.present > 0 else { return }
                for await _ in departures where self.present == 0 { return }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Answers the bell until `stop()`: wakes the waiting students and drops the ones too far behind.
    func ring() async {
        let lag = limits.lag
        for await _ in rings {
            if limits.gather > .zero { try? await Task.sleep(for: limits.gather) }
            let (waiting, drops) = state.withLock { $0.sweep(lag: lag) }
            for student in waiting { student.resume() }
            for drop in drops { drop() }
            if !drops.isEmpty { departure.yield() }
        }
    }

    /// Ends every student's following (each page is told the teacher stopped) and the bell.
    func stop() {
        let waiting = state.withLock { state in
            state.stopped = true
            return state.students.keys.compactMap { state.students[$0]?.waiting.take() }
        }
        for student in waiting { student.resume() }
        bell.finish()
    }

    /// Once serving stopped: cuts off the students still there, whose pages did not take their
    /// goodbye (a browser that stopped reading); how many.
    @discardableResult
    func cutOffTheRest() -> Int {
        let drops = state.withLock { state in state.stopped ? state.students.values.map(\.drop) : [] }
        for drop in drops { drop() }
        return drops.count
    }

    /// The students waiting for the next message now: a test knows a reader is parked.
    var waiting: Int { state.withLock { state in state.students.values.count { $0.waiting != nil } } }

    /// The bytes of messages kept now.
    var keptBytes: Int { state.withLock { $0.kept } }

    /// The students following now, and how many were dropped for falling behind.
    var students: (following: Int, dropped: Int) {
        state.withLock { state in (state.following, state.dropped) }
    }

    /// Every page following now, the teacher's too: what a goodbye waits for.
    private var present: Int { state.withLock { $0.present } }
}
