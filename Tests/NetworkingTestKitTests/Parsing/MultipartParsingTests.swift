import Foundation
import Networking
import Testing

@testable import NetworkingTestKit

extension TestKit {
    @Suite("Multipart bodies split into parts as they stream in", .timeLimit(.minutes(2)))
    struct MultipartParsingTests {
        @Test(
            "each body records its parts and error, whole or fed in pieces",
            arguments: MultipartCase.all, [1, 2, 5, 64, 100_000])
        func table(_ multipartCase: MultipartCase, pieceSize: Int) throws {
            // Given the request, fed to the parser in pieces of `pieceSize` bytes
            // When it is parsed
            let recorded = try #require(try multipartCase.parse(pieceSize: pieceSize))

            // Then its parts and error are the expected ones
            let parts = recorded.parts?.map {
                MultipartCase.Part(
                    name: $0.name, fileName: $0.fileName, contentType: $0.contentType,
                    body: String(decoding: $0.body, as: UTF8.self))
            }
            #expect(parts == multipartCase.parts)
            if let error = multipartCase.error {
                #expect(recorded.multipartError?.contains(error) == true, "\(recorded.multipartError ?? "no error")")
            } else {
                #expect(recorded.multipartError == nil)
            }
            for part in recorded.parts ?? [] {
                #expect(part.size == part.body.count)
                #expect(part.sha256 == SHA256Hasher.hexDigest(of: part.body))
            }
            #expect(recorded.bodySize == multipartCase.body.utf8.count)
        }

        @Test("parts up to 1 MiB are kept, longer ones are measured and hashed only", arguments: [0, 1])
        func partLimit(extra: Int) throws {
            // Given a part of 1 MiB (+ extra) bytes of the pattern, followed by a small one
            let size = RecordedPart.maximumRecordedSize + extra
            let content = MockResponse.generatedBody(size: size)
            var body = Data("--b\r\nContent-Disposition: form-data; name=\"big\"\r\n\r\n".utf8) + content
            body += Data("\r\n--b\r\nContent-Disposition: form-data; name=\"small\"\r\n\r\nok\r\n--b--\r\n".utf8)
            let head = "POST / HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=b\r\n"
            var parser = HTTPRequestParser(connectionIndex: 0)
            parser.append(Array("\(head)Content-Length: \(body.count)\r\n\r\n".utf8))
            parser.append(body)

            // When it is parsed
            let recorded = try #require(try parser.next())

            // Then the big part is kept only at 1 MiB, and both are measured and hashed
            let parts = try #require(recorded.parts)
            #expect(parts.map(\.name) == ["big", "small"])
            #expect(parts[0].size == size)
            #expect(parts[0].sha256 == MockResponse.generatedBodySHA256(size: size))
            #expect(KitTransferFixtures.sameBytes(parts[0].body, extra == 0 ? content : Data()))
            #expect(parts[1].bodyString == "ok")
            #expect(recorded.multipartError == nil)
        }

        @Test func recordedPartInitializerReadsItsHeaders() {
            // Given
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="photo"; filename="cat.png""#)
            headers.add(name: "Content-Type", value: "image/png")

            // When
            let part = RecordedPart(headers: headers, body: Data("abc".utf8))

            // Then
            #expect(part.name == "photo")
            #expect(part.fileName == "cat.png")
            #expect(part.contentType == "image/png")
            #expect(part.size == 3)
            #expect(part.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
    }
}
