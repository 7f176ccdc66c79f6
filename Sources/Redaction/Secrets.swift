import Synchronization

/// The secrets this process holds (the Flickr API key), installed once at start-up, and the one
/// redaction every way out of vmsh applies: lines as they enter the shell, replies from the
/// network, cassettes, and the writers of the terminal, JSON lines, files and the state database.
///
/// Process-wide rather than passed along: those writers sit in every layer and on other threads
/// (a cassette is written from the network's), and one that was never handed the key would leak it.
public enum Secrets {
    /// What stands in for a secret in every text vmsh shows or keeps.
    public static let replacement = "[redacted]"

    /// Internal, not private: tests forget the keys they install (`Secrets+Testing.swift`).
    static let installed = Mutex<[KeyRedaction]>([])

    /// From now on `secret` is replaced wherever it appears, in any form `KeyRedaction` knows.
    public static func install(_ secret: String) {
        guard !secret.isEmpty else { return }
        installed.withLock { $0.append(KeyRedaction(secret)) }
    }

    /// `text` with every installed secret replaced.
    public static func redact(_ text: String) -> String {
        let all = installed.withLock { $0 }
        return all.reduce(text) { $1.redact($0, with: replacement) }
    }

    /// `bytes` with every installed secret replaced.
    public static func redact(_ bytes: [UInt8]) -> [UInt8] {
        let all = installed.withLock { $0 }
        let replacement = Array(Self.replacement.utf8)
        return all.reduce(bytes) { $1.redact($0, with: replacement) ?? $0 }
    }

    /// True when `text` holds an installed secret in any form.
    public static func appear(in text: String) -> Bool { redact(text) != text }
}
