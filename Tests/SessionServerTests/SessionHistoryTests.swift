import Synchronization
import Testing

@testable import SessionServer

/// The history every student reads: in order, batched, kept up to its bound, and a student too
/// far behind dropped while the others go on. No network: students are tasks reading it.
struct SessionHistoryTests {
    /// Small bounds, so a few messages cross them: each message below is 10 bytes.
    let limits = SessionHistory.Limits(kept: 100, lag: 50, batch: 30)

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

    @Test func aStudentGetsEveryMessageInOrderAtMostABatchAtATime() async {
        let history = SessionHistory(limits: limits)
        let (student, missed) = history.join(drop: {})
        #expect(missed == 0)
        for number in 0..<7 { history.publish(Self.message(number)) }
        let batches = await read(history, student, count: 7)
        #expect(
            batches == [
                [Self.message(0), Self.message(1), Self.message(2)],
                [Self.message(3), Self.message(4), Self.message(5)],
                [Self.message(6)],
            ])
    }

    @Test func aWaitingStudentIsWokenByTheNextMessage() async {
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        let (student, _) = history.join(drop: {})
        let reader = Task { await history.next(for: student) }
        // However the reader and the bell interleave, the message reaches it.
        try? await Task.sleep(for: .milliseconds(20))
        history.publish(Self.message(1))
        #expect(await reader.value == .messages([Self.message(1)]))
        history.stop()
        #expect(await history.next(for: student) == .ended(.stopped))
        await ringing.value
    }

    @Test func aLateStudentGetsWhatIsKeptAndIsToldHowManyAreNot() async {
        let history = SessionHistory(limits: limits)
        for number in 0..<15 { history.publish(Self.message(number)) }
        let (student, missed) = history.join(drop: {})
        #expect(missed == 5, "100 bytes kept: the last 10 messages")
        let batches = await read(history, student, count: 10)
        #expect(batches.joined().map { $0 } == (5..<15).map(Self.message))
    }

    @Test func aStudentThatStopsReadingIsDroppedAndTheOthersGoOn() async {
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        let dropped = Mutex(0)
        let (stalled, _) = history.join(drop: { dropped.withLock { $0 += 1 } })
        let (reading, _) = history.join(drop: { Issue.record("the reading student was dropped") })
        var received: [String] = []
        for number in 0..<20 {
            history.publish(Self.message(number))
            // The reader keeps up; the stalled one takes nothing.
            guard case .messages(let batch) = await history.next(for: reading) else { break }
            received += batch
            try? await Task.sleep(for: .milliseconds(2))
        }
        #expect(received == (0..<20).map(Self.message))
        #expect(dropped.withLock { $0 } == 1, "more than 50 bytes behind: dropped once")
        #expect(await history.next(for: stalled) == .ended(.dropped))
        #expect(history.students == (following: 1, dropped: 1))
        history.leave(stalled)
        #expect(history.students == (following: 1, dropped: 1))
        history.stop()
        await ringing.value
    }

    @Test func aLateStudentIsNotDroppedForTheHistoryItCatchesUpOn() async {
        let history = SessionHistory(limits: limits)
        let ringing = Task { await history.ring() }
        // 90 bytes kept, more than it may lag: it owes them, and is judged on what comes after.
        for number in 0..<9 { history.publish(Self.message(number)) }
        let (late, _) = history.join(drop: { Issue.record("dropped for what was kept before it came") })
        history.publish(Self.message(9))
        try? await Task.sleep(for: .milliseconds(20))
        let batches = await read(history, late, count: 10)
        #expect(batches.joined().map { $0 } == (0..<10).map(Self.message))
        history.stop()
        await ringing.value
    }

    @Test func aStudentWhosePlaceIsNoLongerKeptIsDropped() async {
        let history = SessionHistory(limits: SessionHistory.Limits(kept: 100, lag: 1000, batch: 30))
        let (student, _) = history.join(drop: {})
        for number in 0..<11 { history.publish(Self.message(number)) }
        #expect(await history.next(for: student) == .ended(.dropped))
    }

    @Test func aCancelledStudentLeaves() async {
        let history = SessionHistory(limits: limits)
        let (student, _) = history.join(drop: {})
        let reader = Task { await history.next(for: student) }
        try? await Task.sleep(for: .milliseconds(20))
        reader.cancel()
        #expect(await reader.value == .ended(.left))
    }

    @Test func whatIsKeptStaysWithinItsBoundHoweverLongTheSession() {
        let history = SessionHistory(limits: limits)
        for number in 0..<5000 { history.publish(Self.message(number % 100)) }
        #expect(history.keptBytes <= 100)
        #expect(history.keptBytes == 100)
    }
}
