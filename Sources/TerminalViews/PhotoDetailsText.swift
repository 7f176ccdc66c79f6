import PhotoModel
import TerminalText

/// How photo details read on a terminal: one labelled line per field, data sanitised, dates
/// in UTC computed by hand, so output depends on no locale, time zone or clock.
enum PhotoDetailsText {
    /// Descriptions longer than this are cut, so one photo cannot flood the screen.
    static let descriptionLimit = 160

    static func lines(_ details: PhotoDetails) -> [String] {
        var fields: [(String, String)] = [
            ("owner", "\(details.ownerName.terminalField()) (\(details.owner.terminalField()))"),
            ("taken", utc(details.taken)),
            ("posted", utc(details.posted)),
            ("description", describe(details.description)),
            ("tags", details.tags.isEmpty ? "none" : details.tags.joined(separator: " ").terminalField(limit: 200)),
            ("views", details.views.grouped),
        ]
        if !details.sizes.isEmpty {
            let sizes = details.sizes.map { "\($0.label) \($0.longestEdge)" }.joined(separator: ", ")
            fields.append(("sizes", "\(sizes.sanitizedForTerminal) (px, longest edge)"))
        }
        if let largest = details.sizes.last { fields.append(("image", largest.url.terminalField(limit: 200))) }
        if let page = details.pageURL { fields.append(("page", page.terminalField(limit: 200))) }
        let width = fields.map(\.0.count).max() ?? 0
        return fields.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
    }

    /// Quoted, on one line (line breaks and tabs become spaces), cut to `descriptionLimit`.
    static func describe(_ description: String) -> String {
        let words = description.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { return "none" }
        let text = words.joined(separator: " ")
        let cut = text.count > descriptionLimit ? String(text.prefix(descriptionLimit)) + "…" : text
        return "\"\(cut.sanitizedForTerminal)\""
    }

    static func utc(_ seconds: Int) -> String { UTCDate(unixSeconds: seconds).text }
}
