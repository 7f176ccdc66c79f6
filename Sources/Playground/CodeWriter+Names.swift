/// The names `code` writes as the library's own identifiers: a definition's and each it reads,
/// each an identifier in the library's language: a keyword escaped (`let class =` would not
/// compile, and a keyword could change what the code means), and never a name the code uses for
/// something else (the async code's `clock`, a library's types).
extension CodeWriter {
    /// `name` as `library`'s code writes it: a keyword in Swift's backticks (`` `class` ``), in
    /// Objective-C after a prefix (`vmsh_return`); a command's lane (`c.executing`) by its command.
    public static func identifier(_ name: String, in library: Library) -> String {
        let base = name.prefix { $0 != "." }
        guard (library == .rac2 ? objcKeywords : swiftKeywords).contains(String(base)) else { return name }
        return (library == .rac2 ? "vmsh_\(base)" : "`\(base)`") + name.dropFirst(base.count)
    }

    /// Why `name` cannot be written in `library`'s language, or nil when it can.
    static func refusal(of name: String, in library: Library) -> String? {
        // A command's lane (c.executing) is the command's name and a property.
        let base = String(name.prefix { $0 != "." })
        let language = library == .rac2 ? "Objective-C" : "Swift"
        if base.contains("-") {
            return "code writes each name as it is, and \(language) has no - in a name: "
                + "define \(base) again as \(String(base.map { $0 == "-" ? "_" : $0 })) to write it"
        }
        // The one free name the code itself reads beside the learner's: the app's clock.
        if library == .concurrency, base == "clock" {
            return "code writes each name as it is, and the async code's clock is the app's own "
                + "(let clock = ContinuousClock()): define clock again under another name"
        }
        // Types are capitalized, and the code names the library's (a let DispatchQueue would hide it).
        if base.first?.isUppercase == true {
            return "code writes each name as a variable, and a capitalized one could hide one of "
                + "\(library.title)'s types (\(typeExamples[library] ?? "")): define \(base) again in lower case"
        }
        return nil
    }

    private static let typeExamples: [Library: String] = [
        .rac2: "RACSignal, RACScheduler", .reactiveSwift: "SignalProducer, QueueScheduler",
        .combine: "Just, DispatchQueue", .concurrency: "AsyncSignal, ContinuousClock",
    ]

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
