/// Folds line breaks and control characters into spaces (SQLite messages may contain them), so
/// an error about a file prints as one line.
public func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
}
