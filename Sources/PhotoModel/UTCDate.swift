/// A calendar date and time in UTC from Unix seconds, computed by hand (Howard Hinnant's
/// days-to-civil algorithm) so output depends on no locale, time zone or Foundation calendar.
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
    public var text: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        return "\(year)-\(two(month))-\(two(day)) \(time) UTC"
    }
}
