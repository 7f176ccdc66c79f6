/// Where a started server listens (port 0 given its real one), the addresses of its page a
/// student can open (for `0.0.0.0`, the machine's own), and the token each needs.
public struct ServedAt: Equatable, Sendable {
    public let address: ServeAddress
    /// Each without the token: `http://192.168.1.20:8080/`.
    public let pages: [String]
    public let token: String
    /// The teacher's own token: the same page with the controls (`ask`, `ask close`, `answers`).
    public let teacherToken: String?

    public init(address: ServeAddress, pages: [String], token: String, teacherToken: String? = nil) {
        (self.address, self.pages, self.token, self.teacherToken) = (address, pages, token, teacherToken)
    }
}
