@testable import Redaction

extension Secrets {
    /// Forgets one installation of `secret`: a test installs a key of its own and takes it out
    /// again, so the process-wide list does not grow from test to test.
    static func uninstall(_ secret: String) {
        installed.withLock { all in
            if let index = all.firstIndex(where: { $0.isKey(secret) }) { all.remove(at: index) }
        }
    }
}
