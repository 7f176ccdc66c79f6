import Foundation

/// A fresh, empty directory for one test; `remove()` deletes it.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(_ name: String) {
        path = FileManager.default.temporaryDirectory.path + "/vmsh-catalog-tests-\(getpid())-\(name)"
        remove()
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
