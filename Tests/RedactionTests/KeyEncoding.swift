import Foundation
import TestSupport

/// Random ways to write a key, character by character, as a paste, a server or a proxy might:
/// as itself or in the other letter case, `%4A` or `%4a`, `\u004A` or `\u004a` (or `%5Cu004a`), `+` for a space,
/// `\/` and the other short JSON escapes, mixed at random.
enum KeyEncoding {
    /// Where the written key goes: typed text takes every form literally; inside a JSON string a
    /// `\u` escape is read by the JSON decoder (the key arrives whole), and a form the decoder would
    /// read as something else is escaped for it (`\\u004a` arrives as the text `\u004a`).
    enum Context { case text, json }

    static func random(_ key: String, in context: Context, _ rng: inout SeededRandom) -> String {
        key.unicodeScalars.map { form(of: $0, in: context, &rng) }.joined()
    }

    private static func form(of scalar: Unicode.Scalar, in context: Context, _ rng: inout SeededRandom) -> String {
        var forms = [plain(scalar, flipped: false), plain(scalar, flipped: true)]
        forms += [percent(scalar, upper: true), percent(scalar, upper: false)]
        forms += [unicode(scalar, upper: true, flipped: rng.chance(percent: 30))]
        forms += [unicode(scalar, upper: false, flipped: rng.chance(percent: 30))]
        // An escape whose own backslash is percent-escaped, as a proxy that escapes a query may send it.
        let escape = unicode(scalar, upper: rng.chance(percent: 50), flipped: rng.chance(percent: 30))
        forms += [escape.replacingOccurrences(of: "\\", with: rng.chance(percent: 50) ? "%5C" : "%5c")]
        if scalar == " " { forms.append("+") }
        if let short = shortEscapes[scalar] { forms.append(short) }
        let chosen = rng.pick(forms)
        guard context == .json else { return chosen }
        // Inside a JSON string the decoder reads `\u004a`, `\/` and `\"` (the key arrives whole);
        // escaped again (`\\u004a`), a form arrives as written. Anything else is escaped as JSON must.
        if chosen.count > 1, chosen.hasPrefix("\\"), rng.chance(percent: 75) { return chosen }
        return chosen.unicodeScalars.map { jsonSafe($0) }.joined()
    }

    private static let shortEscapes: [Unicode.Scalar: String] = ["/": "\\/", "\"": "\\\"", "\\": "\\\\"]

    private static func plain(_ scalar: Unicode.Scalar, flipped: Bool) -> String {
        let text = String(scalar)
        guard flipped, scalar.isASCII else { return text }
        return text == text.lowercased() ? text.uppercased() : text.lowercased()
    }

    private static func percent(_ scalar: Unicode.Scalar, upper: Bool) -> String {
        String(scalar).utf8.map { "%" + hex(UInt32($0), width: 2, upper: upper) }.joined()
    }

    private static func unicode(_ scalar: Unicode.Scalar, upper: Bool, flipped: Bool) -> String {
        let value = plain(scalar, flipped: flipped).unicodeScalars.first?.value ?? scalar.value
        guard value > 0xFFFF else { return "\\u" + hex(value, width: 4, upper: upper) }
        let offset = value - 0x10000
        return "\\u" + hex(0xD800 + (offset >> 10), width: 4, upper: upper) + "\\u"
            + hex(0xDC00 + (offset & 0x3FF), width: 4, upper: upper)
    }

    private static func jsonSafe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        default: scalar.value < 0x20 ? "\\u" + hex(scalar.value, width: 4, upper: false) : String(scalar)
        }
    }

    private static func hex(_ value: UInt32, width: Int, upper: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: upper)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A key of `length` characters drawn from `alphabet`, without a space at either end.
    static func key(length: Int, alphabet: [Character], _ rng: inout SeededRandom) -> String {
        var key = String((0..<length).map { _ in rng.pick(alphabet) })
        while key.first == " " || key.last == " " { key = key.trimmingCharacters(in: .whitespaces) + "k" }
        return key
    }

    static let hexDigits = Array("0123456789abcdef")
    /// Letters no escape is written with (no hex digit, no `u`): a text that holds these only as a
    /// key's characters holds no key it was not given.
    static let unlikeEscapes = Array("ghijklmnopqrstvwxyzGHIJKLMNOPQRSTVWXYZ")
    /// What a key might hold beyond Flickr's hex digits, to reach every form: letters past f (hex
    /// letters in the escapes), a space, and the characters with short JSON escapes.
    static let wide = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ -_/\"\\.~é")
}
