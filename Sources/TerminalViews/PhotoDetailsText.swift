import PhotoModel

/// How photo details read on a terminal: one labelled line per field, data sanitised, dates
/// in UTC computed by hand, so output depends on no locale, time zone or clock.
enum PhotoDetailsText {
    /// Descriptions longer than this are cut, so one photo cannot flood the screen.
    static let descriptionLimit = 160

    static func lines(_ details: PhotoDetails) -> [String] {
        var fields: [(String, String)] = [
            ("owner", "\(details.ownerName.sanitizedForTerminal) (\(details.owner.sanitizedForTerminal))"),
            ("taken", utc(details.taken)),
            ("posted", utc(details.posted)),
            ("description", describe(details.description)),
            ("tags", details.tags.isEmpty ? "none" : details.tags.joined(separator: " ").sanitizedForTerminal),
            ("views", details.views.grouped),
        ]
        if !details.sizes.isEmpty {
            let sizes = details.sizes.map { "\($0.label) \($0.longestEdge)" }.joined(separator: ", ")
            fields.append(("sizes", "\(sizes.sanitizedForTerminal) (px, longest edge)"))
        }
        if let largest = details.sizes.last { fields.append(("image", largest.url.sanitizedForTerminal)) }
        if let page = details.pageURL { fields.append(("page", page.sanitizedForTerminal)) }
        let width = fields.map(\.0.count).max() ?? 0
        return fields.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
    }

    /// Quoted, on one line (line breaks and tabs become spaces), cut to `descriptionLimit`.
    static func describe(_ description: String) -> String {
        let words = description.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { return "none" }
        let text = words.joined(separator: " ")
        let cut = text.count > descriptionLimit ? String(text.prefix(descriptionLimit)) + "…" : text
        return cut.quotedForTerminal
    }

    /// "2014-05-13 16:53:20 UTC" for Unix seconds (Howard Hinnant's days-to-civil algorithm).
    static func utc(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        return "\(year)-\(two(month))-\(two(day)) \(time) UTC"
    }
}
