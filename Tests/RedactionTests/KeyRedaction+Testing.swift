@testable import Redaction

extension KeyRedaction {
    /// The same key found by the full search of every reading alone: with no character known as
    /// simple, the matcher never takes its shortcut.
    var withoutShortcut: KeyRedaction {
        var full = self
        full.simple = simple.map { _ in nil }
        return full
    }
}
