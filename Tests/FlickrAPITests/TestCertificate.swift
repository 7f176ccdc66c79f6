import Foundation
import NIOSSL

/// A self-signed certificate for 127.0.0.1, made once per test run with openssl.
final class TestCertificate: Sendable {
    static let shared = TestCertificate()

    let folder: URL

    private init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmsh-tls-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
            folder.appendingPathComponent("cert.pem").path,
            "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }

    var certificatePath: String { folder.appendingPathComponent("cert.pem").path }

    func serverContext() throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: folder.appendingPathComponent("key.pem").path, format: .pem)
        return try NIOSSLContext(
            configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
    }

    /// A client configuration that trusts this certificate, and nothing else.
    func clientConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificatePath))
        return configuration
    }
}
