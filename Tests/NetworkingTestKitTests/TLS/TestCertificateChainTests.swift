import Foundation
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("TestCertificate chains: authorities, issued certificates and served chains", .timeLimit(.minutes(1)))
    struct TestCertificateChainTests {
        @Test("an authority is a self-issued CA that may sign certificates, and names no host")
        func authorityIsACertificateAuthority() throws {
            // Given / When
            let root = try TestCertificate.authority(commonName: "Test Root CA")

            // Then
            let text = try Self.openssl(["x509", "-noout", "-text", "-inform", "DER"], input: root.der)
            #expect(text.contains("Issuer: CN = Test Root CA"))
            #expect(text.contains("Subject: CN = Test Root CA"))
            #expect(text.contains("CA:TRUE"))
            #expect(text.contains("Certificate Sign, CRL Sign"))
            #expect(!text.contains("Subject Alternative Name"))
            #expect(root.commonName == "Test Root CA")
            #expect(root.subjectAltNames.isEmpty)
        }

        @Test("root → intermediate → leaf: each names its issuer, and openssl verify accepts the chain")
        func issuedChainVerifiesWithOpenSSL() throws {
            // Given
            let root = try TestCertificate.authority(commonName: "Test Root CA")
            let intermediate = try root.issueAuthority(commonName: "Test Intermediate CA")

            // When
            let leaf = try intermediate.issueLeaf(commonName: "localhost", subjectAltNames: ["localhost", "127.0.0.1"])

            // Then the names and extensions are as asked
            let intermediateText = try Self.openssl(["x509", "-noout", "-text"], input: Data(intermediate.pem.utf8))
            #expect(intermediateText.contains("Issuer: CN = Test Root CA"))
            #expect(intermediateText.contains("Subject: CN = Test Intermediate CA"))
            #expect(intermediateText.contains("CA:TRUE"))
            let leafText = try Self.openssl(["x509", "-noout", "-text"], input: Data(leaf.pem.utf8))
            #expect(leafText.contains("Issuer: CN = Test Intermediate CA"))
            #expect(leafText.contains("Subject: CN = localhost"))
            #expect(leafText.contains("CA:FALSE"))
            #expect(leafText.contains("TLS Web Server Authentication"))
            #expect(leafText.contains("DNS:localhost, IP Address:127.0.0.1"))
            #expect(leaf.subjectAltNames == ["localhost", "127.0.0.1"])

            // And openssl verifies the leaf up to the root, and up to the intermediate as a partial chain
            let full = try Self.verify(leaf, anchors: [root], untrusted: [intermediate])
            #expect(full.status == 0, "\(full.standardOutput) \(full.standardError)")
            let partial = try Self.verify(leaf, anchors: [intermediate], partialChain: true)
            #expect(partial.status == 0, "\(partial.standardOutput) \(partial.standardError)")
        }

        @Test("a leaf does not verify under an unrelated authority, nor without its intermediate")
        func issuedLeafDoesNotVerifyElsewhere() throws {
            // Given
            let root = try TestCertificate.authority(commonName: "Test Root CA")
            let intermediate = try root.issueAuthority(commonName: "Test Intermediate CA")
            let leaf = try intermediate.issueLeaf(commonName: "localhost")
            let unrelated = try TestCertificate.authority(commonName: "Test Intermediate CA")

            // When
            let underUnrelated = try Self.verify(leaf, anchors: [unrelated], partialChain: true)
            let withoutIntermediate = try Self.verify(leaf, anchors: [root])

            // Then
            #expect(underUnrelated.status != 0)
            #expect(underUnrelated.standardError.contains("signature failure"))
            #expect(withoutIntermediate.status != 0)
            #expect(withoutIntermediate.standardError.contains("unable to get local issuer certificate"))
        }

        @Test(
            "the validity window is as asked, so tests can make expired and not-yet-valid certificates",
            arguments: [
                (1_700_000_000, 1_702_592_000, "2023-11-14 22:13:20Z", "2023-12-14 22:13:20Z", "has expired"),
                (4_102_444_800, 4_133_980_800, "2100-01-01 00:00:00Z", "2101-01-01 00:00:00Z", "is not yet valid"),
            ])
        func validityWindowIsAsAsked(
            from: TimeInterval, until: TimeInterval, notBefore: String, notAfter: String, verdict: String
        ) throws {
            // Given
            let root = try TestCertificate.authority(commonName: "Test Root CA")
            let validFrom = Date(timeIntervalSince1970: from)
            let validUntil = Date(timeIntervalSince1970: until)

            // When
            let leaf = try root.issueLeaf(commonName: "localhost", validFrom: validFrom, validUntil: validUntil)
            let selfSigned = try TestCertificate.selfSigned(
                commonName: "localhost", validFrom: validFrom, validUntil: validUntil)

            // Then
            for certificate in [leaf, selfSigned] {
                let dates = try Self.openssl(
                    ["x509", "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601"],
                    input: Data(certificate.pem.utf8))
                #expect(dates.contains("notBefore=\(notBefore)"))
                #expect(dates.contains("notAfter=\(notAfter)"))
            }
            let verified = try Self.verify(leaf, anchors: [root])
            #expect(verified.status != 0)
            #expect(verified.standardError.contains("certificate \(verdict)"))
        }

        @Test("the default validity runs from about a day ago to about a year from now")
        func defaultValidityIsADayAgoToAYear() throws {
            // Given / When
            let leaf = try TestCertificate.authority(commonName: "Test Root CA").issueLeaf(commonName: "localhost")

            // Then it is valid for at least 364 more days but not 366, and started about a day ago
            let now = Int(Date().timeIntervalSince1970)
            let soon = try runProcess(
                "/usr/bin/openssl", ["x509", "-noout", "-checkend", "\(364 * 86_400)"], input: Data(leaf.pem.utf8))
            #expect(soon.status == 0)
            #expect(soon.standardOutput.contains("will not expire"))
            let later = try runProcess(
                "/usr/bin/openssl", ["x509", "-noout", "-checkend", "\(366 * 86_400)"], input: Data(leaf.pem.utf8))
            #expect(later.status == 1)
            #expect(later.standardOutput.contains("will expire"))
            let start = try Self.openssl(
                ["x509", "-noout", "-startdate", "-dateopt", "iso_8601"], input: Data(leaf.pem.utf8))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss'Z'"
            let notBefore = try #require(
                formatter.date(
                    from: start.trimmingCharacters(in: .whitespacesAndNewlines).replacing("notBefore=", with: "")))
            #expect(abs(Int(notBefore.timeIntervalSince1970) - (now - 86_400)) < 3_600)
        }

        @Test("a validity that ends before it starts is rejected")
        func invertedValidityIsRejected() throws {
            // Given
            let root = try TestCertificate.authority(commonName: "Test Root CA")

            // When / Then
            let error = #expect(throws: MockServerError.self) {
                try root.issueLeaf(
                    commonName: "localhost", validFrom: Date(timeIntervalSince1970: 1_700_000_000),
                    validUntil: Date(timeIntervalSince1970: 1_600_000_000))
            }
            #expect(error?.code == .certificate)
            #expect(error?.message.contains("validity") == true)
        }

        @Test("MockServer(tls:chain:) sends the leaf then the chain, and a client trusting only the root connects")
        func serverSendsTheChain() async throws {
            // Given
            let root = try TestCertificate.authority(commonName: "Test Root CA")
            let intermediate = try root.issueAuthority(commonName: "Test Intermediate CA")
            let leaf = try intermediate.issueLeaf(commonName: "localhost")
            let server = try MockServer(tls: leaf, chain: [intermediate])
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, text: "chained"))

            // When
            let (response, served) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: root)
                return (try client.request("/"), client.peerChainDER)
            }

            // Then
            #expect(response.status == 200)
            #expect(served == [leaf.der, intermediate.der])
            #expect(server.certificate == leaf)
            #expect(server.chain == [intermediate])
        }

        @Test("MockServer(tls:) still sends its certificate alone")
        func serverWithoutChainSendsTheLeafOnly() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }

            // When
            let served = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: certificate)
                return client.peerChainDER
            }

            // Then
            #expect(served == [certificate.der])
            #expect(server.chain.isEmpty)
        }

        /// The standard output of the `openssl` command line, which must succeed.
        private static func openssl(_ arguments: [String], input: Data) throws -> String {
            let output = try runProcess("/usr/bin/openssl", arguments, input: input)
            #expect(output.status == 0, "openssl \(arguments.joined(separator: " ")): \(output.standardError)")
            return output.standardOutput
        }

        /// Runs `openssl verify` on `certificate` with `anchors` as the CA file and `untrusted` as extra certificates.
        private static func verify(
            _ certificate: TestCertificate, anchors: [TestCertificate], untrusted: [TestCertificate] = [],
            partialChain: Bool = false
        ) throws -> ProcessOutput {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("anchors.pem")
            try Data(anchors.map(\.pem).joined().utf8).write(to: caFile)
            var arguments = ["verify", "-CAfile", caFile.path]
            if !untrusted.isEmpty {
                let untrustedFile = directory.appendingPathComponent("untrusted.pem")
                try Data(untrusted.map(\.pem).joined().utf8).write(to: untrustedFile)
                arguments += ["-untrusted", untrustedFile.path]
            }
            if partialChain {
                arguments.append("-partial_chain")
            }
            return try runProcess("/usr/bin/openssl", arguments, input: Data(certificate.pem.utf8))
        }
    }
}
