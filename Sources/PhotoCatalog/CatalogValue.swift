import Foundation
import GRDB

/// A value of the catalog read by its type: SQLite lets any column of the catalog's schema hold
/// any type, and GRDB's `row[...]` traps on a value it cannot convert. Each read here checks the
/// value and throws a `WrongType` that names the column, which `Catalog.read` turns into one line
/// naming the file; the other rows still serve.
struct WrongType: Error {
    let column: String
    let found: String
    let expected: String

    /// "views holds text, not a whole number".
    var reason: String { "\(column) holds \(found), not \(expected)" }
}

extension Row {
    /// The text at `index` (or column name): text, or a blob of valid UTF-8.
    func text(_ index: Int, _ column: String) throws(WrongType) -> String {
        try Self.text(self[index] as DatabaseValue, column)
    }

    func text(_ column: String) throws(WrongType) -> String {
        try Self.text(self[column] as DatabaseValue? ?? .null, column)
    }

    /// The whole number in `column`: an integer, or a real or text that is one exactly.
    func integer(_ column: String) throws(WrongType) -> Int {
        try Self.integer(self[column] as DatabaseValue? ?? .null, column)
    }

    /// The number in `column`: a real or an integer.
    func real(_ column: String) throws(WrongType) -> Double {
        switch (self[column] as DatabaseValue? ?? .null).storage {
        case .double(let number): return number
        case .int64(let number): return Double(number)
        default: throw WrongType(column: column, found: "no number", expected: "a number")
        }
    }

    static func text(_ value: DatabaseValue, _ column: String) throws(WrongType) -> String {
        switch value.storage {
        case .string(let text): return text
        case .blob(let data):
            guard let text = String(data: data, encoding: .utf8) else {
                throw WrongType(column: column, found: "bytes that are not UTF-8", expected: "text")
            }
            return text
        case .null: throw WrongType(column: column, found: "NULL", expected: "text")
        case .int64, .double: throw WrongType(column: column, found: "a number", expected: "text")
        }
    }

    static func integer(_ value: DatabaseValue, _ column: String) throws(WrongType) -> Int {
        switch value.storage {
        case .int64(let number): return Int(number)
        case .double(let number):
            guard let exact = Int(exactly: number) else {
                throw WrongType(column: column, found: "\(number)", expected: "a whole number")
            }
            return exact
        case .string(let text):
            guard let number = Int(text) else {
                throw WrongType(column: column, found: "text", expected: "a whole number")
            }
            return number
        case .blob: throw WrongType(column: column, found: "a blob", expected: "a whole number")
        case .null: throw WrongType(column: column, found: "NULL", expected: "a whole number")
        }
    }
}
