import TestSupport
import Testing

@testable import Redaction

/// The matcher's shortcut (one reading of a plain byte or a simple escape) against the full search
/// of every reading, on texts made of the key's characters in any form among stray escape pieces.
@Suite struct KeyRedactionShortcutTests {
    static let pieces = [
        "%", "\\", "\\\\", "%25", "%5C", "%5c", "\\u005C", "\\u0025", "u", "U", "+", "0", "4", "a", "F",
    ]

    @Test func theShortcutFindsWhatTheFullSearchFinds() {
        var rng = SeededRandom(seed: 0x5354_4550)
        for draw in 0..<3000 {
            let alphabet = rng.chance(percent: 50) ? KeyEncoding.hexDigits : KeyEncoding.wide
            let key = KeyEncoding.key(length: 1 + rng.next(below: 12), alphabet: alphabet, &rng)
            var text = ""
            for _ in 0..<(1 + rng.next(below: 6)) {
                text += rng.chance(percent: 50) ? rng.pick(Self.pieces) : ""
                let part = String(key.prefix(rng.chance(percent: 70) ? key.count : rng.next(below: key.count + 1)))
                text += KeyEncoding.random(part, in: rng.chance(percent: 50) ? .text : .json, &rng)
            }
            let quick = KeyRedaction(key).redact(text, with: "#")
            let full = KeyRedaction(key).withoutShortcut.redact(text, with: "#")
            #expect(quick == full, "draw \(draw): \(key) in \(text)")
        }
    }
}
