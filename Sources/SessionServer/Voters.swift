import Synchronization

/// The ids the server gave the pages that follow, one a connection: who answers and whose fork a
/// line runs in. A page that follows again gives its id back (`&voter=`) and is the same student;
/// an id the server did not give (or has forgotten) is no id, and the connection gets a new one.
/// So a page cannot choose whom it answers as, and one connection is one voter, whatever it sends.
final class Voters: Sendable {
    /// Each id given, and when it was last given back: the oldest are forgotten past `remembered`.
    private let given = Mutex<[String: ContinuousClock.Instant]>([:])
    private let remembered: Int

    init(remembered: Int = 10_000) {
        self.remembered = remembered
    }

    /// `presented` when the server gave it, else nil.
    func known(_ presented: Substring?) -> String? {
        guard let presented else { return nil }
        let id = String(presented)
        return given.withLock { $0[id] != nil } ? id : nil
    }

    /// The id of a connection that presented `presented`: that one when the server gave it, else a
    /// new one (128 random bits, as a token is).
    func voter(presenting presented: Substring?, at now: ContinuousClock.Instant = .now) -> String {
        let id = known(presented) ?? AccessToken.random(bytes: 16)
        given.withLock { given in
            given[id] = now
            guard given.count > remembered else { return }
            // The least recently seen half goes: a page gone that long follows again as a new student.
            let kept = given.sorted { $0.value > $1.value }.prefix(remembered / 2)
            given = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        return id
    }
}
