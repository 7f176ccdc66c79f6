extension SessionServer {
    /// What a server holds to, given by vmsh (Shell's `ServeLimits`, the one place the numbers
    /// `help serve` and the README name are written).
    public struct Limits: Sendable {
        /// The bytes of messages kept for a student who joins late.
        public var kept: Int
        /// How far behind a student may fall, in bytes published since it joined, before it is dropped.
        public var lag: Int
        /// The most students following at once: past it the page is answered 503.
        public var students: Int
        /// How long a connection that is not a student's (the page's own request) may stay idle.
        public var idle: Duration
        /// How long a page has, once serving stops, to take its goodbye before it is cut off.
        public var goodbye = Duration.seconds(1)

        public init(kept: Int, lag: Int, students: Int, idle: Duration) {
            self.kept = kept
            self.lag = lag
            self.students = students
            self.idle = idle
        }
    }
}
