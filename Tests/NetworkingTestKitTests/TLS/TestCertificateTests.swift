import COpenSSL
import Foundation
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("TestCertificate", .timeLimit(.minutes(1)))
    struct TestCertificateTests {
        @Test func selfSignedCertificateHasTheRequestedNames() throws {
            // Given / When
            let certificate = try TestCertificate.selfSigned(
                commonName: "api.example.test", subjectAltNames: ["api.example.test", "127.0.0.1", "::1"])

            // Then
            #expect(certificate.commonName == "api.example.test")
            #expect(certificate.subjectAltNames.first == "api.example.test")
            #expect(certificate.subjectAltNames.contains("127.0.0.1"))
            #expect(certificate.subjectAltNames.count == 3)
            #expect(certificate.pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
            #expect(certificate.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
            #expect(certificate.spkiPin.hasPrefix("sha256/"))
        }

        @Test func opensslCommandLineAgreesOnNamesAndValidity() throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")

            // When
            let text = try runProcess(
                "/usr/bin/openssl", ["x509", "-noout", "-text", "-inform", "DER"], input: certificate.der)

            // Then
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("Version: 3"))
            #expect(text.standardOutput.contains("Subject: CN = localhost"))
            #expect(text.standardOutput.contains("DNS:localhost, IP Address:127.0.0.1"))
            #expect(text.standardOutput.contains("CA:TRUE"))
            #expect(text.standardOutput.contains("ecdsa-with-SHA256"))
        }

        @Test func spkiPinMatchesTheOpenSSLCommandLine() throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")

            // When
            let publicKey = try runProcess(
                "/usr/bin/openssl", ["x509", "-pubkey", "-noout"], input: Data(certificate.pem.utf8))
            let spki = try runProcess(
                "/usr/bin/openssl", ["pkey", "-pubin", "-outform", "DER"], input: publicKey.standardOutputData)
            let digest = try runProcess(
                "/usr/bin/openssl", ["dgst", "-sha256", "-binary"], input: spki.standardOutputData)
            let recomputed = try #require(Self.spkiPin(publicKeyPEM: publicKey.standardOutput))

            // Then
            #expect(digest.status == 0)
            #expect(digest.standardOutputData.count == 32)
            #expect(certificate.spkiPin == "sha256/" + digest.standardOutputData.base64EncodedString())
            #expect(certificate.spkiPin == recomputed)
        }

        @Test func loadingFromDERAndPEMGivesTheSameCertificate() throws {
            // Given
            let generated = try TestCertificate.selfSigned(commonName: "localhost")

            // When
            let fromDER = try TestCertificate(der: generated.der, privateKeyPEM: generated.privateKeyPEM)
            let fromPEM = try TestCertificate(pem: generated.pem, privateKeyPEM: generated.privateKeyPEM)

            // Then
            #expect(fromDER == generated)
            #expect(fromPEM == generated)
        }

        @Test func aKeyThatDoesNotMatchIsRejected() throws {
            // Given
            let first = try TestCertificate.selfSigned(commonName: "localhost")
            let second = try TestCertificate.selfSigned(commonName: "localhost")

            // When / Then
            let error = #expect(throws: MockServerError.self) {
                try TestCertificate(der: first.der, privateKeyPEM: second.privateKeyPEM)
            }
            #expect(error?.code == .certificate)
            #expect(error?.message.contains("does not match") == true)
        }

        @Test func eachCertificateHasItsOwnKeyAndSerial() throws {
            // Given / When
            let first = try TestCertificate.selfSigned(commonName: "localhost")
            let second = try TestCertificate.selfSigned(commonName: "localhost")

            // Then
            #expect(first.der != second.der)
            #expect(first.spkiPin != second.spkiPin)
        }

        @Test(arguments: ["", "a,b", "two words"])
        func invalidNamesAreRejected(name: String) throws {
            #expect(throws: MockServerError.self) {
                try TestCertificate.selfSigned(commonName: "localhost", subjectAltNames: [name])
            }
        }

        /// `sha256/` + base64 SHA-256 of the DER SubjectPublicKeyInfo, computed from a PEM public key
        /// through `i2d_PUBKEY` (a different path than the kit's `i2d_X509_PUBKEY`).
        private static func spkiPin(publicKeyPEM: String) -> String? {
            let pem = Data(publicKeyPEM.utf8)
            let key = pem.withUnsafeBytes { bytes -> OpaquePointer? in
                let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count))
                defer { BIO_free(bio) }
                return PEM_read_bio_PUBKEY(bio, nil, nil, nil)
            }
            guard let key else { return nil }
            defer { EVP_PKEY_free(key) }
            let length = i2d_PUBKEY(key, nil)
            var der = [UInt8](repeating: 0, count: Int(length))
            _ = der.withUnsafeMutableBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return i2d_PUBKEY(key, &cursor)
            }
            var digest = [UInt8](repeating: 0, count: 32)
            var digestLength: UInt32 = 0
            guard EVP_Digest(der, der.count, &digest, &digestLength, EVP_sha256(), nil) == 1 else { return nil }
            return "sha256/" + Data(digest).base64EncodedString()
        }
    }
}
