/// A calendar date and time in UTC from Unix seconds and back, computed by hand (Howard Hinnant's
/// civil-date algorithms) so output depends on no locale, time zone or Foundation calendar.
public struct UTCDate: Equatable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let secondOfDay: Int

    public init(unixSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// "2014-05-13 16:53:20 UTC".
    public var text: String { dateTimeText + " UTC" }

    /// "2014-05-13 16:53:20", as Flickr writes a date taken.
    public var dateTimeText: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        return "\(year)-\(two(month))-\(two(day)) \(time)"
    }

    /// "2019-05-04 17:32:10" read as UTC; nil for anything else (Flickr sends "0000-00-00 00:00:00"
    /// when it does not know). Every part is range-checked first, so the arithmetic cannot overflow.
    public static func unixSeconds(parsing text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
        guard fields.count == 6, fields.allSatisfy({ $0.count <= 4 }) else { return nil }
        let parts = fields.compactMap { Int($0) }
        guard parts.count == 6, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]),
            (0...23).contains(parts[3]), (0...59).contains(parts[4]), (0...60).contains(parts[5])
        else { return nil }
        // Days from civil: the inverse of init(unixSeconds:).
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = year / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] + (parts[1] > 2 ? -3 : 9)) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
    }
}
