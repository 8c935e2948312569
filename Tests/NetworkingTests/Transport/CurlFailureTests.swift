import CCurl
import Foundation
import Testing

@testable import Networking

@Suite("libcurl result mapping", .timeLimit(.minutes(1)))
struct CurlFailureTests {
    @Test(
        "every libcurl failure maps to its TransportError code",
        arguments: [
            (CURLE_COULDNT_RESOLVE_HOST, TransportError.Code.hostNotFound),
            (CURLE_COULDNT_CONNECT, .connectionRefused),
            (CURLE_RECV_ERROR, .connectionLost),
            (CURLE_SEND_ERROR, .connectionLost),
            (CURLE_GOT_NOTHING, .connectionLost),
            (CURLE_PARTIAL_FILE, .connectionLost),
            (CURLE_SSL_CONNECT_ERROR, .tlsHandshakeFailed),
            (CURLE_PEER_FAILED_VERIFICATION, .tlsHandshakeFailed),
            (CURLE_TOO_MANY_REDIRECTS, .tooManyRedirects),
            (CURLE_WEIRD_SERVER_REPLY, .invalidResponse),
            (CURLE_UNSUPPORTED_PROTOCOL, .invalidResponse),
            (CURLE_BAD_CONTENT_ENCODING, .invalidResponse),
            (CURLE_FILESIZE_EXCEEDED, .responseTooLarge),
            (CURLE_OUT_OF_MEMORY, .other),
        ])
    func codes(curlCode: CURLcode, expected: TransportError.Code) throws {
        // Given a failed transfer's result
        let url = try #require(URL(string: "https://api.example.test/books"))

        // When it is mapped
        let error = CurlFailure.error(for: curlCode, url: url, detail: "curl says why", exceededLimit: false, limit: 10)

        // Then the code is the expected one, and the message names the URL and curl's text
        let transportError = try #require(error as? TransportError)
        #expect(transportError.code == expected)
        if expected != .responseTooLarge {
            #expect(transportError.message.contains("https://api.example.test/books"))
            #expect(transportError.message.contains("curl says why"))
        }
    }

    @Test("a timeout is RepositoryError.timeout; a write refused at the ceiling is responseTooLarge")
    func timeoutAndCeiling() throws {
        // Given a URL
        let url = try #require(URL(string: "http://127.0.0.1:1/"))

        // When a timeout and a refused write are mapped
        let timeout = CurlFailure.error(
            for: CURLE_OPERATION_TIMEDOUT, url: url, detail: "", exceededLimit: false, limit: 1)
        let ceiling = CurlFailure.error(for: CURLE_WRITE_ERROR, url: url, detail: "", exceededLimit: true, limit: 1)

        // Then they are what the pipeline expects
        guard case .timeout = try #require(timeout as? RepositoryError) else {
            Issue.record("expected .timeout, got \(timeout)")
            return
        }
        #expect((ceiling as? TransportError)?.code == .responseTooLarge)
    }

    @Test(
        "timeouts become whole milliseconds, rounded up, never 0",
        arguments: [
            (0.0, 1), (0.0004, 1), (0.25, 250), (1.2345, 1235), (75, 75_000), (Double.infinity, Int(Int32.max)),
        ])
    func milliseconds(seconds: Double, expected: Int) {
        #expect(CurlTransfer.milliseconds(seconds) == expected)
    }
}
