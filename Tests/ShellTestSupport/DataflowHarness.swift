import Foundation

extension ShellScripting {
    /// The transcript from the line echoing `command` up to the one echoing `end`.
    package func section(_ transcript: String, from command: String, to end: String? = nil) -> String {
        guard let start = transcript.range(of: "> \(command)\n") else { return "(no \(command))" }
        let rest = transcript[start.lowerBound...]
        guard let end, let stop = rest.range(of: "> \(end)\n") else { return String(rest) }
        return String(rest[..<stop.lowerBound])
    }
}

/// Lesson 5's quick scroll: row 1 hidden at 0.5 s and shown again at 0.7 s.
package let quickScroll = "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 2s"
