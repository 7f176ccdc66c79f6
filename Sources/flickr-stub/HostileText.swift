/// Titles and names a hostile server sends: escape sequences (C0 ESC and C1 CSI), bidi
/// overrides and marks, bells, line breaks, and a 10,000-character title.
enum HostileText {
    static let all = [
        "\u{1B}[31mred\u{1B}[0m title \u{1B}]0;pwned\u{07}",
        "C1 CSI \u{9B}31m here",
        "RLO \u{202E}gpj.exe",
        "ALM \u{061C} mark",
        "bell\u{07} and\nnew line\r",
        String(repeating: "long ", count: 2000),
        "tab\there DEL\u{7F}",
        "LRI\u{2066} isolate\u{2069}",
    ]

    static func pick(_ index: Int) -> String { all[index % all.count] }
}
