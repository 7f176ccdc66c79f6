import SessionWire
import Shell
import TerminalText

/// A recording written out: its width, and the asciicast v2 file `export cast` writes.
extension CastRecording {
    /// The columns the widest line written takes, its escape sequences (colour) taking none.
    var widestLine: Int {
        let text = events.filter { $0.kind == .output }.map(\.text).joined()
        return text.split(separator: "\n").map { Self.withoutEscapes($0).displayWidth }.max() ?? 0
    }

    /// A line as a terminal shows it: no CSI sequences (`ESC [ … letter`), no carriage returns.
    private static func withoutEscapes(_ line: Substring) -> String {
        var visible = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic, scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if scalar != "\r" {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }

    /// The asciicast v2 file: a header line that starts with `mark`, then one event a line, its
    /// time from the first event kept, its newlines as a terminal in raw mode needs them.
    func file(width: Int, height: Int, title: String) -> String {
        let origin = events.first?.time ?? .zero
        var lines = [WireJSON.line(Header(width: width, height: height, title: title))]
        for event in events {
            let text = event.kind == .output ? event.text.replacingNewlines : event.text
            lines.append(WireJSON.line(Line(time: event.time - origin, kind: event.kind, text: text)))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
