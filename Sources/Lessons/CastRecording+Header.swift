import Shell

extension CastRecording {
    /// The header's fields after the mark: the terminal's size, how long a pause plays at most,
    /// the title, and the terminal type the text was written for.
    package struct Header: Encodable {
        let width: Int
        let height: Int
        let title: String
        let idleTimeLimit = 2
        let env = ["TERM": "xterm-256color"]

        package enum CodingKeys: String, CodingKey {
            case width, height, title, env
            case idleTimeLimit = "idle_time_limit"
        }
    }
}
