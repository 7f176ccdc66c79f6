import Foundation

/// The one way a message vmsh sends out becomes JSON: the served feed, `--format jsonl` and the
/// recording `export cast` writes all encode their values here. Keys come sorted (Foundation's
/// encoder keeps no order of its own) and slashes stay as they are (an SVG's `</svg>`).
public enum WireJSON {
    /// `value` as one line of JSON, no newline.
    public static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a value of strings and numbers cannot fail; if it ever did, an empty object
        // says nothing rather than something broken.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
