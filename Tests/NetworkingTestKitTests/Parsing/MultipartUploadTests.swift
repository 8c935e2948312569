import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("Multipart uploads from real clients", .timeLimit(.minutes(2)))
    struct MultipartUploadTests {
        /// How curl escapes names and file names: HTML's `%22`/`%0D`/`%0A` by default, backslashes with
        /// `--form-escape` (the mime API's `CURLMIMEOPT_FORMESCAPE`).
        enum Escaping: String, CaseIterable, Sendable {
            case percent
            case backslash
        }

        @Test(
            "curl -F fields and files, quirky names included, are split into exact parts", arguments: Escaping.allCases)
        func curlForm(escaping: Escaping) async throws {
            // Given two files (one named with a quote and a backslash), the second sent under a file name with
            // non-ASCII, CR LF and quotes, over TLS for the backslash variant
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try escaping == .backslash ? MockServer(tls: certificate) : MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201))
            let directory = try KitTransferFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let weird = directory.appendingPathComponent("we\"ird\\name.png")
            try KitTransferFixtures.writeGeneratedFile(size: 300_000, to: weird)
            let text = directory.appendingPathComponent("notes.txt")
            try Data("some notes\n".utf8).write(to: text)
            let caFile = directory.appendingPathComponent("ca.pem")
            try Data(certificate.pem.utf8).write(to: caFile)
            let quirkyFileName = "café \r\n\"q\".txt"
            var arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", caFile.path]
            if escaping == .backslash {
                arguments.append("--form-escape")
            }
            arguments += [
                "-F", "plain=value", "-F", "na\"me\\x=v", "-F", "file=@\(weird.path);type=image/png",
                "-F", "notes=@\(text.path);filename=\(quirkyFileName)", "-F", "ñandú=日本",
                server.url("/form").absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost"),
            ]

            // When curl posts the form
            let curlArguments = arguments
            let output = try await onThread { try KitTransferFixtures.curl(curlArguments) }
            let recorded = try await server.takeRequest()

            // Then every part has the headers curl wrote, decoded names, and exact sizes and hashes
            #expect(output.standardOutput == "201", "\(output.standardError)")
            let parts = try #require(recorded.parts)
            #expect(recorded.multipartError == nil)
            let quoted: (String) -> String =
                escaping == .percent
                ? { $0.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r\n", with: "%0D%0A") }
                : { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
            let expectedHeaders: [[String]] = [
                [#"Content-Disposition: form-data; name="plain""#],
                ["Content-Disposition: form-data; name=\"\(quoted("na\"me\\x"))\""],
                [
                    "Content-Disposition: form-data; name=\"file\"; filename=\"\(quoted("we\"ird\\name.png"))\"",
                    "Content-Type: image/png",
                ],
                [
                    "Content-Disposition: form-data; name=\"notes\"; filename=\"\(quoted(quirkyFileName))\"",
                    "Content-Type: text/plain",
                ],
                [#"Content-Disposition: form-data; name="ñandú""#],
            ]
            #expect(parts.map { $0.headers.map { "\($0.name): \($0.value)" } } == expectedHeaders)
            #expect(parts.map(\.name) == ["plain", "na\"me\\x", "file", "notes", "ñandú"])
            #expect(parts.map(\.fileName) == [nil, nil, "we\"ird\\name.png", quirkyFileName, nil])
            #expect(parts.map(\.contentType) == [nil, nil, "image/png", "text/plain", nil])
            #expect(parts.map(\.size) == [5, 1, 300_000, 11, "日本".utf8.count])
            #expect(parts[0].bodyString == "value")
            #expect(KitTransferFixtures.sameBytes(parts[2].body, MockResponse.generatedBody(size: 300_000)))
            #expect(parts[2].sha256 == (try KitTransferFixtures.sha256sum(weird)))
            #expect(parts[3].sha256 == (try KitTransferFixtures.sha256sum(text)))
            #expect(parts[4].bodyString == "日本")
        }

        @Test func curlTransportMultipartBodyIsSplit() async throws {
            // Given a multipart body built by hand, with a 2 MiB file part
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, json: "{}"))
            let file = MockResponse.generatedBody(size: 2 << 20)
            var body = Data("--=-b-=\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nDune\r\n".utf8)
            body += Data("--=-b-=\r\nContent-Disposition: form-data; name=\"cover\"; filename=\"dune.jpg\"\r\n".utf8)
            body += Data("Content-Type: image/jpeg\r\n\r\n".utf8) + file + Data("\r\n--=-b-=--\r\n".utf8)
            var headers = HTTPHeaders()
            headers["Content-Type"] = "multipart/form-data; boundary=\"=-b-=\""

            // When CurlTransport posts it
            let response = try await CurlTransport().send(
                HTTPRequest(method: .post, url: server.url("/books"), headers: headers, body: body, timeout: 10))
            let recorded = try await server.takeRequest()

            // Then both parts are recorded
            #expect(response.statusCode == 200)
            let parts = try #require(recorded.parts)
            #expect(parts.map(\.name) == ["title", "cover"])
            #expect(parts[0].bodyString == "Dune")
            #expect(parts[1].fileName == "dune.jpg")
            #expect(parts[1].contentType == "image/jpeg")
            #expect(parts[1].size == file.count)
            #expect(parts[1].sha256 == MockResponse.generatedBodySHA256(size: file.count))
            #expect(KitTransferFixtures.sameBytes(recorded.body, body))
        }
    }
}
