package import Foundation
package import Networking
package import NetworkingTestKit

/// Shared helpers of the transport and pinning integration tests (real sockets on 127.0.0.1).
package enum TransportFixtures {
    /// A GET (or other) request to `path` on `server`.
    package static func request(
        _ server: MockServer, _ path: String = "/", method: HTTPMethod = .get, headers: HTTPHeaders = HTTPHeaders(),
        body: Data? = nil, timeout: TimeInterval = 10, pinning: PinnedCertificates? = nil
    ) -> HTTPRequest {
        HTTPRequest(
            method: method, url: server.url(path), headers: headers, body: body, timeout: timeout, pinning: pinning)
    }

    /// A repository configuration for `server`, pinned to `pins` when given.
    package static func configuration(
        _ server: MockServer, host: String = "localhost", pins: PinnedCertificates? = nil, timeout: TimeInterval = 10
    ) -> NetworkingConfiguration {
        NetworkingConfiguration(
            useSecureConnection: server.certificate != nil, domainURL: host, port: server.port,
            usePinningCertificate: pins != nil, pinnedCertificates: pins ?? .certificates([]), timeout: timeout)
    }

    /// A new self-signed certificate for localhost and 127.0.0.1.
    package static func certificate(_ commonName: String = "localhost") throws -> TestCertificate {
        try TestCertificate.selfSigned(commonName: commonName, subjectAltNames: ["localhost", "127.0.0.1"])
    }

    /// A different certificate (new serial, subject and dates) for the same key as `certificate`: a renewal.
    package static func renewal(of certificate: TestCertificate) throws -> Data {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem")
        let output = directory.appendingPathComponent("renewed.der")
        try Data(certificate.privateKeyPEM.utf8).write(to: key)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-new", "-key", key.path, "-subj", "/CN=renewed.localhost", "-days", "2",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-outform", "DER", "-out", output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: output)
    }

    /// A new empty directory under the temporary directory.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("networking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Seconds elapsed while running `body`.
    package static func measure<T>(_ body: () async throws -> T) async rethrows -> (value: T, seconds: Double) {
        let start = ContinuousClock.now
        let value = try await body()
        let elapsed = ContinuousClock.now - start
        return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The outcome of an async throwing call.
    package static func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    /// Whether `result` is a failure with ``RepositoryError/timeout``.
    package static func isTimeout<T>(_ result: Result<T, any Error>) -> Bool {
        guard case .failure(let error) = result, case .timeout? = error as? RepositoryError else {
            return false
        }
        return true
    }

    /// Waits (briefly, polling) until `condition` holds or `timeout` passes; returns whether it held.
    package static func eventually(timeout: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                return false
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}

/// The transport error code of a thrown error, or `nil` when it is not a ``TransportError``.
package func transportCode(of error: any Error) -> TransportError.Code? {
    (error as? TransportError)?.code
}
