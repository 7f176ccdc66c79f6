// Only where modules are compiled for testing (a debug build): `swift build -c release` builds this
// target too, and there Redaction's internals are out of reach.
#if DEBUG
    @testable import Redaction

    extension Secrets {
        /// Forgets one installation of `secret`: a test installs a key of its own and takes it out
        /// again, so the process-wide list does not grow from test to test.
        public static func uninstall(_ secret: String) {
            installed.withLock { all in
                if let index = all.firstIndex(where: { $0.isKey(secret) }) { all.remove(at: index) }
            }
        }
    }
#endif
