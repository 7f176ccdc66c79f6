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
