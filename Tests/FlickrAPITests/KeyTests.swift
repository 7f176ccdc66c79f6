import Foundation
import PhotoModel
import Testing

@Suite final class KeyTests {
    /// The directories this test made; removed when it ends.
    private var roots: [String] = []

    deinit { for root in roots { try? FileManager.default.removeItem(atPath: root) } }

    /// A fresh config directory holding `contents` in vmsh/flickr-key with `mode`.
    func config(_ contents: String?, mode: Int = 0o600) throws -> [String: String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flickr-key-\(UUID().uuidString)").path
        roots.append(root)
        try FileManager.default.createDirectory(atPath: root + "/vmsh", withIntermediateDirectories: true)
        if let contents {
            let path = root + "/vmsh/flickr-key"
            try contents.write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        return ["XDG_CONFIG_HOME": root, "HOME": "/nonexistent"]
    }

    @Test func environmentWins() throws {
        var environment = try config("file-key\n")
        environment["FLICKR_API_KEY"] = "  env-key \n"
        #expect(FlickrKey.find(environment: environment) == .success("env-key"))
        environment["FLICKR_API_KEY"] = ""  // empty counts as unset
        #expect(FlickrKey.find(environment: environment) == .success("file-key"))
    }

    @Test func privateFileFirstLineTrimmed() throws {
        #expect(FlickrKey.find(environment: try config(" file-key \nsecond line\n")) == .success("file-key"))
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o620])
    func fileOthersCanAccessIsRefused(_ mode: Int) throws {
        let environment = try config("file-key\n", mode: mode)
        guard case .failure(let problem) = FlickrKey.find(environment: environment) else {
            Issue.record("a key readable by others was used")
            return
        }
        let message = problem.message(keyHelpURL: "https://example.com")
        #expect(message.contains("mode \(String(mode, radix: 8))") && message.contains("chmod 600"))
        #expect(!message.contains("file-key"))
    }

    @Test func emptyFileIsRefused() throws {
        let environment = try config(" \n")
        #expect(
            FlickrKey.find(environment: environment)
                == .failure(
                    .unusableFile(path: environment["XDG_CONFIG_HOME"]! + "/vmsh/flickr-key", reason: "it is empty")))
    }

    @Test func symlinkIsRefused() throws {
        var environment = try config(nil)
        let target = try config("file-key\n")["XDG_CONFIG_HOME"]! + "/vmsh/flickr-key"
        try FileManager.default.createSymbolicLink(
            atPath: environment["XDG_CONFIG_HOME"]! + "/vmsh/flickr-key", withDestinationPath: target)
        environment["FLICKR_API_KEY"] = nil
        guard case .failure(.unusableFile) = FlickrKey.find(environment: environment) else {
            Issue.record("a symbolic link was followed")
            return
        }
    }

    @Test func noKeySaysWhereToGetOne() throws {
        let environment = try config(nil)
        let path = environment["XDG_CONFIG_HOME"]! + "/vmsh/flickr-key"
        #expect(FlickrKey.find(environment: environment) == .failure(.notFound(path: path)))
        let message = FlickrKey.Problem.notFound(path: path).message(
            keyHelpURL: "https://www.flickr.com/services/apps/create/")
        #expect(message.contains("https://www.flickr.com/services/apps/create/"))
        #expect(message.contains("FLICKR_API_KEY") && message.contains(path))
    }

    @Test func configPath() {
        #expect(FlickrKey.filePath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/vmsh/flickr-key")
        // A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
        #expect(
            FlickrKey.filePath(environment: ["XDG_CONFIG_HOME": "c", "HOME": "/h"]) == "/h/.config/vmsh/flickr-key")
        #expect(FlickrKey.filePath(environment: [:]) == nil)
    }
}
