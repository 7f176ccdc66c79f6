import Shell

extension CastRecording {
    /// The header: asciicast's version, the terminal's size, how long a pause plays at most, the
    /// title, and the terminal type the text was written for, beside vmsh's own mark: the keys
    /// come sorted, so `env` comes first and the file begins with `mark`.
    struct Header: Encodable {
        let version = 2
        let width: Int
        let height: Int
        let title: String
        let idleTimeLimit = 2
        let env = ["TERM": "xterm-256color", "VMSH": "export cast"]

        enum CodingKeys: String, CodingKey {
            case version, width, height, title, env
            case idleTimeLimit = "idle_time_limit"
        }
    }

    /// The first bytes of every recording `export cast` writes: how it knows a file is its own.
    static let mark = #"{"env":{"TERM":"xterm-256color","VMSH":"export cast"},"#
}
