/// Where Views print: one line at a time. The shell decides how a line reaches the terminal
/// (a virtual time stamp in scripts, above the prompt when interactive).
@MainActor
public protocol Console: AnyObject {
    func print(_ line: String)
}

/// Text attributes, applied only when colour is on (a terminal, no NO_COLOR, no --no-color).
public struct Style: Sendable {
    public var isEnabled: Bool

    public init(isEnabled: Bool) { self.isEnabled = isEnabled }

    public static let plain = Style(isEnabled: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Style {
    /// `text` without what `Style` puts in (its SGR sequences, ESC [ … m): what every reader
    /// but the terminal takes (the transcript, the served pages, `expect`, `save`). Data text
    /// never holds an ESC (`sanitizedForTerminal`), so each one is Style's.
    public static func unstyled(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        enum State { case text, escape, parameters }
        var state = State.text
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch (state, byte) {
            case (.text, 0x1B): state = .escape
            case (.text, _): kept.append(byte)
            case (.escape, UInt8(ascii: "[")): state = .parameters
            case (.escape, _): state = .text
            // A CSI sequence ends at its final byte, @ to ~.
            case (.parameters, 0x40...0x7E): state = .text
            case (.parameters, _): break
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
