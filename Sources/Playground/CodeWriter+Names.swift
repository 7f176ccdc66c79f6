/// The names `code` writes as the library's own identifiers: a definition's and each it reads,
/// written as they are, so each must be an identifier in the library's language, and none of its
/// keywords (`let class =` would not compile, and a keyword could change what the code means).
extension CodeWriter {
    /// Why `name` cannot be written in `library`'s language, or nil when it can.
    static func refusal(of name: String, in library: Library) -> String? {
        // A command's lane (c.executing) is the command's name and a property.
        let base = String(name.prefix { $0 != "." })
        let language = library == .rac2 ? "Objective-C" : "Swift"
        if base.contains("-") {
            return "code writes each name as it is, and \(language) has no - in a name: "
                + "define \(base) again as \(String(base.map { $0 == "-" ? "_" : $0 })) to write it"
        }
        let keywords = library == .rac2 ? objcKeywords : swiftKeywords
        guard keywords.contains(base) else { return nil }
        return
            "code writes each name as it is, and \(base) is a keyword in \(language): define it again under another name"
    }

    private static let swiftKeywords: Set<String> = [
        "Any", "Self", "Type", "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch",
        "class", "consume", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
        "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout",
        "internal", "is", "let", "nil", "open", "operator", "package", "private", "protocol", "public", "repeat",
        "rethrows", "return", "self", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while",
    ]

    /// C's keywords and Objective-C's own words and types.
    private static let objcKeywords: Set<String> = [
        "BOOL", "Class", "IMP", "NO", "SEL", "YES", "_Bool", "auto", "break", "bycopy", "byref", "case", "char",
        "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for", "goto", "id", "if",
        "in", "inline", "inout", "int", "long", "nil", "oneway", "out", "register", "restrict", "return", "self",
        "short", "signed", "sizeof", "static", "struct", "super", "switch", "typedef", "union", "unsigned", "void",
        "volatile", "while",
    ]
}
