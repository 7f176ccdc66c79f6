extension SessionHistory {
    /// One message and the bytes published before it.
    struct Entry {
        let text: String
        let offset: Int
    }

    /// A student's place in the history.
    struct Student {
        /// The number of the next message it takes.
        var next: Int
        /// The bytes published when it joined: it owes what was kept then, and is judged on the rest.
        let joinedAt: Int
        /// The teacher's page: it follows, but is not one of the class.
        var teacher = false
        let drop: @Sendable () -> Void
        var waiting: CheckedContinuation<Void, Never>?
        var dropped = false
        var left = false
    }

    /// Everything behind the lock.
    struct State {
        var entries: [Entry] = []
        /// The index in `entries` of the oldest message kept, and that message's number.
        var start = 0
        var firstNumber = 0
        /// Bytes published, all told, and bytes kept.
        var published = 0
        var kept = 0
        var students: [Int: Student] = [:]
        var nextStudent = 0
        var dropped = 0
        var stopped = false
        /// The latest message that says how each thing stands (the clock, the class's question),
        /// for students who join, in the order each was first said.
        var lasting: [(standing: String, message: String)] = []

        /// The students following now: joined, neither dropped nor gone; the teacher's page aside.
        var following: Int { students.values.count { !$0.dropped && !$0.left && !$0.teacher } }
        /// Every page following now, the teacher's too.
        var present: Int { students.values.count { !$0.dropped && !$0.left } }

        /// The number the next message will have.
        var endNumber: Int { firstNumber + entries.count - start }

        mutating func append(_ text: String, keeping limit: Int) {
            let size = text.utf8.count
            entries.append(Entry(text: text, offset: published))
            published += size
            kept += size
            while kept > limit, entries.count - start > 1 {
                kept -= entries[start].text.utf8.count
                start += 1
                firstNumber += 1
            }
            // Dropped from the front now and then, so an append costs the same on average.
            if start > 1024, start * 2 > entries.count {
                entries.removeFirst(start)
                start = 0
            }
        }

        mutating func take(for id: Int, batch: Int) -> Next? {
            guard var student = students[id], !student.left else { return .ended(.left) }
            if student.dropped { return .ended(.dropped) }
            if stopped { return .ended(.stopped) }
            if student.next < firstNumber { return .ended(drop(id)) }
            guard student.next < endNumber else { return nil }
            var taken: [String] = []
            var bytes = 0
            var index = start + student.next - firstNumber
            while index < entries.count, taken.isEmpty || bytes + entries[index].text.utf8.count <= batch {
                taken.append(entries[index].text)
                bytes += entries[index].text.utf8.count
                index += 1
            }
            student.next += taken.count
            students[id] = student
            return .messages(taken)
        }

        /// Keeps `waiting` to be resumed by the next message; false when there is no need to wait.
        mutating func park(_ id: Int, _ waiting: CheckedContinuation<Void, Never>) -> Bool {
            guard var student = students[id], !student.left, !student.dropped, !stopped,
                student.next >= endNumber
            else { return false }
            student.waiting = waiting
            students[id] = student
            return true
        }

        mutating func cancel(_ id: Int) -> CheckedContinuation<Void, Never>? {
            students[id]?.left = true
            return students[id]?.waiting.take()
        }

        /// The waiting students to wake, and the drops of those too far behind.
        mutating func sweep(lag: Int) -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) {
            var waiting: [CheckedContinuation<Void, Never>] = []
            var drops: [@Sendable () -> Void] = []
            for id in students.keys {
                guard let student = students[id], !student.dropped else { continue }
                if let parked = student.waiting {
                    waiting.append(parked)
                    students[id]?.waiting = nil
                } else if student.next < firstNumber || behind(student) > lag {
                    _ = drop(id)
                    drops.append(student.drop)
                }
            }
            return (waiting, drops)
        }

        /// The bytes published since the student joined that it has not taken.
        func behind(_ student: Student) -> Int {
            guard student.next < endNumber else { return 0 }
            return published - max(entries[start + student.next - firstNumber].offset, student.joinedAt)
        }

        private mutating func drop(_ id: Int) -> Ending {
            if students[id]?.dropped == false {
                students[id]?.dropped = true
                dropped += 1
            }
            return .dropped
        }
    }
}
