import SessionWire
import Synchronization
import Testing

@testable import SessionServer

/// The history every student reads: in order, batched, kept up to its bound, a student too far
/// behind dropped while the others go on, a full class refused, the clock kept for late students.
/// No network: students are tasks reading it.
struct SessionHistoryTests {
    /// Small bounds, so a few messages cross them: each message below is 10 bytes.
    let limits = {
        var limits = ServeLimits()
        (limits.kept, limits.lag, limits.students, limits.batch) = (100, 50, 3, 30)
        return limits
    }()

    static func message(_ number: Int) -> String { "message \(number < 10 ? "0" : "")\(number)" }

    /// Reads `count` messages for `student`, in the batches it was given them.
    func read(_ history: SessionHistory, _ student: Int, count: Int) async -> [[String]] {
        var batches: [[String]] = []
        while batches.joined().count < count {
            guard case .messages(let batch) = await history.next(for: student) else { break }
            batches.append(batch)
        }
        return batches
    }

    /// Until `count` students wait for the next message (no clock: each look lets the others run).
    func parked(_ history: SessionHistory, count: Int) async {
        while history.waiting < count { await Task.yield() }
    }

    func join(_ history: SessionHistory, drop: @escaping @Sendable () -> Void = {}) throws -> SessionHistory.Joined {
        try #require(history.join(drop: drop))
    }

    @Test func aStudentGetsEveryMessageInOrderAtMostABatchAtATime() async throws {
        let history = SessionHistory(limits: limits)
        let joined = try join(history)
        #expect(joined == SessionHistory.Joined(student: 0, missed: 0, lasting: []))
        for number in 0..<7 { history.publish(Self.message(number)) }
        let batches = await read(history, joined.student, count: 7)
        #expect(
            batches == [
                [Self.message(0), Self.message(1), Self.message(2)],
                [Self.message(3), Self.message(4), Self.message(5)],
                [Self.message(6)],
            ])
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitingStudentIsWokenByTheNextMessage() async throws {
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        let student = try join(history).student
        let reader = Task { await history.next(for: student) }
        // The reader has taken everything and waits: only the bell can wake it.
        await parked(history, count: 1)
        history.publish(Self.message(1))
        #expect(await reader.value == .messages([Self.message(1)]))
        #expect(history.cutOffTheRest() == 0, "serving goes on: no one is cut off")
        history.stop()
        #expect(await history.next(for: student) == .ended(.stopped))
        await ringing.value
    }

    @Test func aLateStudentGetsWhatIsKeptAndIsToldHowManyAreNot() async throws {
        let history = SessionHistory(limits: limits)
        for number in 0..<15 { history.publish(Self.message(number)) }
        let joined = try join(history)
        #expect(joined.missed == 5, "100 bytes kept: the last 10 messages")
        let batches = await read(history, joined.student, count: 10)
        #expect(batches.joined().map { $0 } == (5..<15).map(Self.message))
    }

    @Test(.timeLimit(.minutes(1)))
    func aStudentThatStopsReadingIsDroppedAndTheOthersGoOn() async throws {
        var limits = self.limits
        limits.gather = .zero
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        let dropped = Mutex(0)
        let (drops, dropping) = AsyncStream.makeStream(of: Void.self)
        let stalled = try join(history) {
            dropped.withLock { $0 += 1 }
            dropping.yield()
        }
        let reading = try join(history) { Issue.record("the reading student was dropped") }
        var received: [String] = []
        for number in 0..<20 {
            history.publish(Self.message(number))
            // The reader keeps up; the stalled one takes nothing.
            guard case .messages(let batch) = await history.next(for: reading.student) else { break }
            received += batch
        }
        #expect(received == (0..<20).map(Self.message))
        // The bell sweeps after the last message at the latest: 200 bytes behind is more than 50.
        for await _ in drops { break }
        #expect(await history.next(for: stalled.student) == .ended(.dropped))
        #expect(history.students == (following: 1, dropped: 1))
        history.leave(stalled.student)
        #expect(history.students == (following: 1, dropped: 1))
        history.stop()
        await ringing.value
        #expect(dropped.withLock { $0 } == 1, "dropped once")
    }

    @Test func aLateStudentIsNotDroppedForTheHistoryItCatchesUpOn() async throws {
        var limits = self.limits
        limits.gather = .zero
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        // 90 bytes kept, more than it may lag: it owes them, and is judged on what comes after.
        for number in 0..<9 { history.publish(Self.message(number)) }
        let late = try join(history) { Issue.record("dropped for what was kept before it came") }
        history.publish(Self.message(9))
        let batches = await read(history, late.student, count: 10)
        #expect(batches.joined().map { $0 } == (0..<10).map(Self.message))
        history.stop()
        // The bell has answered every message before it stops: no sweep dropped the late student.
        await ringing.value
        #expect(history.students == (following: 1, dropped: 0))
    }

    @Test func aStudentWhosePlaceIsNoLongerKeptIsDropped() async throws {
        var limits = self.limits
        limits.lag = 1000
        let history = SessionHistory(limits: limits)
        let student = try join(history).student
        for number in 0..<11 { history.publish(Self.message(number)) }
        #expect(await history.next(for: student) == .ended(.dropped))
    }

    @Test func onceStoppedTheStudentsThatDidNotGoAreCutOff() throws {
        let history = SessionHistory(limits: limits)
        let cut = Mutex<[Int]>([])
        let first = try join(history) { cut.withLock { $0.append(0) } }
        _ = try join(history) { cut.withLock { $0.append(1) } }
        history.stop()
        // The first took its goodbye and went; the second's browser stopped reading.
        history.leave(first.student)
        #expect(history.cutOffTheRest() == 1)
        #expect(cut.withLock { $0 } == [1])
    }

    /// `stop` gives the pages their goodbye: the wait ends when the last one leaves, woken by
    /// its leaving, long before the limit.
    @Test(.timeLimit(.minutes(1)))
    func theGoodbyeEndsWhenTheLastStudentLeaves() async throws {
        let history = SessionHistory(limits: limits)
        let (first, second) = (try join(history).student, try join(history).student)
        history.stop()
        let started = ContinuousClock.now
        async let everyoneLeft: Void = history.everyoneLeft(within: .seconds(600))
        history.leave(first)
        history.leave(second)
        await everyoneLeft
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(history.students.following == 0)
    }

    /// A page that never takes its goodbye is not waited for past the limit.
    @Test(.timeLimit(.minutes(1)))
    func theGoodbyeEndsAtItsLimitWhenAStudentStays() async throws {
        let history = SessionHistory(limits: limits)
        _ = try join(history)
        history.stop()
        await history.everyoneLeft(within: .milliseconds(50))
        #expect(history.students.following == 1)
        #expect(history.cutOffTheRest() == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledStudentLeaves() async throws {
        let history = SessionHistory(limits: limits)
        let student = try join(history).student
        let reader = Task { await history.next(for: student) }
        // Cancelled while it waits, not before it began.
        await parked(history, count: 1)
        reader.cancel()
        #expect(await reader.value == .ended(.left))
        #expect(history.students == (following: 0, dropped: 0))
    }

    @Test func aFullClassTakesNoOneMoreUntilAStudentGoes() throws {
        let history = SessionHistory(limits: limits)
        let first = try join(history)
        _ = try join(history)
        #expect(!history.isFull)
        _ = try join(history)
        #expect(history.isFull)
        #expect(history.join(drop: {}) == nil, "three follow already")
        history.leave(first.student)
        #expect(!history.isFull)
        #expect(history.join(drop: {})?.student == 3)
    }

    @Test func theTeachersPageFollowsUncountedAndGetsInWhenTheClassIsFull() async throws {
        let history = SessionHistory(limits: limits)
        let joined = history.join(teacher: true, drop: {})
        let teacher = try #require(joined)
        #expect(history.students == (following: 0, dropped: 0))
        for _ in 0..<3 { _ = try join(history) }
        #expect(history.isFull)
        let refused = history.join(drop: {})
        #expect(refused == nil)
        let again = history.join(teacher: true, drop: {})
        #expect(again != nil, "a teacher reloading the page gets in")
        #expect(history.students == (following: 3, dropped: 0))
        history.publish("a line")
        #expect(await history.next(for: teacher.student) == .messages(["a line"]))
    }

    @Test func theLatestLastingMessageIsKeptForLateStudentsHoweverMuchIsLetGo() throws {
        let history = SessionHistory(limits: limits)
        history.publish("clock paused", lasting: "clock")
        history.publish("question 1 asked", lasting: "question")
        history.publish("clock playing", lasting: "clock")
        history.publish("question 1 closed", lasting: "question")
        for number in 0..<20 { history.publish(Self.message(number)) }
        let late = try join(history)
        #expect(late.missed == 14, "the clock's and the question's messages are no longer in the history")
        #expect(late.lasting == ["clock playing", "question 1 closed"], "the latest of each, in the order first said")
    }

    @Test func whatIsKeptStaysWithinItsBoundHoweverLongTheSession() {
        let history = SessionHistory(limits: limits)
        for number in 0..<5000 { history.publish(Self.message(number % 100)) }
        #expect(history.keptBytes == 100)
    }
}
