import Redaction
import TestSupport
import Testing

/// The matcher alone, over thousands of drawn keys and encodings: whatever mixture of forms a key
/// is written in, nothing of it can be read back from the redacted text; a text without it is
/// returned as it was.
@Suite struct KeyRedactionPropertyTests {
    @Test func everyMixtureOfEncodingsIsRedactedInText() {
        var rng = SeededRandom(seed: 0x4B45_5931)
        for draw in 0..<3000 {
            let alphabet = rng.chance(percent: 40) ? KeyEncoding.hexDigits : KeyEncoding.wide
            let key = KeyEncoding.key(length: 1 + rng.next(below: 40), alphabet: alphabet, &rng)
            let context: KeyEncoding.Context = rng.chance(percent: 50) ? .text : .json
            let written = KeyEncoding.random(key, in: context, &rng)
            // Around it only characters no key here holds, so the whole text is known after redaction.
            let text = "«\(written)» · «\(KeyEncoding.random(key, in: context, &rng))»"
            let redacted = KeyRedaction(key).redact(text, with: Secrets.replacement)
            let rest = Revealed.text(redacted.replacingOccurrences(of: Secrets.replacement, with: "«»"))
            #expect(!rest.contains(key.lowercased()), "draw \(draw): \(key) as \(written)")
            #expect(redacted == "«[redacted]» · «[redacted]»", "draw \(draw): \(key) as \(written)")
        }
    }

    @Test func aTextWithoutTheKeyIsReturnedAsItWas() {
        var rng = SeededRandom(seed: 0x4E4F_4B45)
        for draw in 0..<2000 {
            let key = KeyEncoding.key(length: 2 + rng.next(below: 38), alphabet: KeyEncoding.unlikeEscapes, &rng)
            // The key with one character another, in any encoding: a part of the key is not the key.
            var scalars = Array(key.unicodeScalars)
            scalars[rng.next(below: scalars.count)] = "«"
            let near = String(String.UnicodeScalarView(scalars))
            let text = "a " + KeyEncoding.random(near, in: rng.chance(percent: 50) ? .text : .json, &rng) + " b"
            #expect(
                KeyRedaction(key).redact(text, with: Secrets.replacement) == text, "draw \(draw): \(key) in \(text)")
        }
    }

    @Test func bytesAreRedactedAsTheirText() {
        let key = "0123456789abcdef0123456789abcdef"
        let text = "x \\u0030\\u0031%32%33456789ABCDEF0123456789abc\\u0064%45f y"
        let redacted = KeyRedaction(key).redact(Array(text.utf8), with: Array("[redacted]".utf8))
        #expect(redacted.map { String(decoding: $0, as: UTF8.self) } == "x [redacted] y")
        #expect(KeyRedaction(key).redact(Array("nothing here".utf8), with: [0x2A]) == nil)
    }
}
