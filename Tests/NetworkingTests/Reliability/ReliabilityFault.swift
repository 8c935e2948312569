import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// One row of the fault matrix: what goes wrong on the server side, and the error a repository must return.
enum ReliabilityFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case connectionRefused
    case disconnectAtStart
    case disconnectMidBody
    case garbageStatusLine
    case headerSectionOverOneMiB
    case stall
    case slowDripPastTimeout
    case contentLengthLongerThanBody
    case truncatedChunkedBody
    case fiveMegabytesOfNonJSON
    case html401
    case html404
    case html500
    case html503

    var testDescription: String { rawValue }

    /// What the server answers; `nil` when nothing listens (the request goes to a ``ClosedPort``).
    var response: MockResponse? {
        switch self {
        case .connectionRefused: nil
        case .disconnectAtStart: MockResponse(status: 200, json: #"[]"#).failing(.disconnectAtStart)
        case .disconnectMidBody: MockResponse(status: 200, json: Self.booksJSON).failing(.disconnectDuringBody)
        case .garbageStatusLine: .raw(Data("SMTP ready, not HTTP\r\nfoo: bar\r\n\r\n[]".utf8))
        case .headerSectionOverOneMiB: .raw(Self.oversizedHead)
        case .stall: MockResponse(status: 200, json: #"[]"#).failing(.stall)
        // 20 bytes a second: the head alone takes longer than the timeout, yet bytes keep arriving.
        case .slowDripPastTimeout: MockResponse(status: 200, json: Self.booksJSON).throttled(bytesPerSecond: 20)
        case .contentLengthLongerThanBody:
            MockResponse(status: 200, headers: ["Content-Length": "4096", "Connection": "close"], json: Self.booksJSON)
        case .truncatedChunkedBody:
            .raw(Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n[{\"id\": 1, \"title\": \"x\"".utf8))
        case .fiveMegabytesOfNonJSON:
            MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.fiveMegabytesOfHTML)
        case .html401, .html404, .html500, .html503:
            MockResponse(status: statusCode ?? 500, headers: ["Content-Type": "text/html"], body: Self.htmlBody(self))
        }
    }

    /// Whether the fault must end in ``RepositoryError/timeout`` (so not before the timeout either).
    var isTimeout: Bool {
        self == .stall || self == .slowDripPastTimeout
    }

    /// The status of the HTML error pages.
    private var statusCode: Int? {
        switch self {
        case .html401: 401
        case .html404: 404
        case .html500: 500
        case .html503: 503
        default: nil
        }
    }

    /// Why `result` is not the error this fault must produce, or `nil` when it is.
    func mismatch(_ result: Result<[Book], RepositoryError>) -> String? {
        guard case .failure(let error) = result else {
            return "expected a failure, got \(result)"
        }
        let matches: Bool
        switch (self, error) {
        case (.connectionRefused, .noNetworkConnection(let transport)):
            matches = transport.code == .connectionRefused
        case (.disconnectAtStart, .noNetworkConnection(let transport)),
            (.disconnectMidBody, .noNetworkConnection(let transport)),
            (.contentLengthLongerThanBody, .noNetworkConnection(let transport)),
            (.truncatedChunkedBody, .noNetworkConnection(let transport)):
            matches = transport.code == .connectionLost
        case (.garbageStatusLine, .noNetworkConnection(let transport)):
            matches = transport.code == .invalidResponse
        case (.headerSectionOverOneMiB, .noNetworkConnection(let transport)):
            matches = transport.code == .responseTooLarge
        case (.stall, .timeout), (.slowDripPastTimeout, .timeout), (.fiveMegabytesOfNonJSON, .jsonError):
            matches = true
        case (.html401, .unauthenticatedSession(let response?)):
            matches = response.statusCode == 401 && response.body == Self.htmlBody(self)
        case (.html404, .requestError(let response)), (.html500, .requestError(let response)),
            (.html503, .requestError(let response)):
            matches = response.statusCode == statusCode && response.body == Self.htmlBody(self)
        default:
            matches = false
        }
        return matches ? nil : "expected the error of \(rawValue), got \(error.caseName): \(error)"
    }

    /// A short name of what `result` is, for the printed matrix: the case and, for transport errors, the code.
    static func summary(_ result: Result<[Book], RepositoryError>) -> String {
        switch result {
        case .success: "success"
        case .failure(.noNetworkConnection(let transport)): "noNetworkConnection(.\(transport.code))"
        case .failure(.unauthenticatedSession(let response)): "unauthenticatedSession(\(response?.statusCode ?? 0))"
        case .failure(.requestError(let response)): "requestError(\(response.statusCode))"
        case .failure(let error): error.caseName
        }
    }

    private static let booksJSON = #"[{"id": 1, "title": "Ficciones", "year": 1944}]"#

    private static func htmlBody(_ fault: Self) -> Data {
        Data("<!DOCTYPE html><html><body><h1>\(fault.rawValue)</h1><p>Something went wrong.</p></body></html>".utf8)
    }

    /// A status line, 160 header fields of 8 KiB (1.25 MiB), and a valid body.
    private static let oversizedHead: Data = {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
        let filler = String(repeating: "a", count: 8 * 1024)
        for index in 0..<160 {
            head += "X-Filler-\(index): \(filler)\r\n"
        }
        return Data((head + "\r\n[]").utf8)
    }()

    private static let fiveMegabytesOfHTML: Data = {
        let line = Data("<p>This is an HTML page, not the JSON the caller expects.</p>\n".utf8)
        var body = Data(capacity: 5_000_000 + line.count)
        while body.count < 5_000_000 {
            body.append(line)
        }
        return body
    }()
}
