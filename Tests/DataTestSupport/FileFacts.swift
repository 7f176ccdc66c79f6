import Foundation

/// The permission bits of a file, or nil when there is none.
public func permissions(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o777
}

/// The inode of a file: a rebuilt-and-renamed file gets a new one.
public func inode(_ path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
}

/// A file's bytes and mode, to show that nothing changed.
public func snapshot(_ path: String) throws -> String {
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let bytes = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: path))
    return "\(permissions(path) ?? -1) \(bytes.base64EncodedString())"
}
