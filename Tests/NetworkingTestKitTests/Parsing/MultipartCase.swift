import Foundation
import Testing

@testable import NetworkingTestKit

/// A hand-written request body for the multipart parsing table: what is sent, and what must be recorded.
struct MultipartCase: Sendable, CustomTestStringConvertible {
    /// One part as it must be recorded.
    struct Part: Sendable, Equatable {
        var name: String?
        var fileName: String?
        var contentType: String?
        var body: String
    }

    let label: String
    let contentType: String
    let body: String
    /// The parts, or nil when the body must not be treated as multipart.
    let parts: [Part]?
    /// Text the multipart error must contain, or nil when there must be none.
    let error: String?

    var testDescription: String { label }

    /// The request's bytes, Content-Length framed.
    var request: [UInt8] {
        let head =
            "POST /form HTTP/1.1\r\nHost: a\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        return Array((head + body).utf8)
    }

    /// Parses the request fed in pieces of `pieceSize` bytes; fails the test when it does not make exactly one.
    func parse(pieceSize: Int) throws -> RecordedRequest? {
        var parser = HTTPRequestParser(connectionIndex: 0)
        var recorded: [RecordedRequest] = []
        var start = 0
        let bytes = request
        while start < bytes.count {
            let end = min(bytes.count, start + pieceSize)
            parser.append(bytes[start..<end])
            while let request = try parser.next() {
                recorded.append(request)
            }
            start = end
        }
        return recorded.count == 1 ? recorded.first : nil
    }

    static let form = "multipart/form-data; boundary=XyZ"

    static let all: [MultipartCase] = [
        MultipartCase(
            label: "two fields, first delimiter at the very start", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\ntwo\r\n--XyZ--\r\n",
            parts: [Part(name: "a", body: "one"), Part(name: "b", body: "two")], error: nil),
        MultipartCase(
            label: "quoted boundary with a space and colon, preamble, padding and epilogue",
            contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b:c\"",
            body: "This is the preamble.\r\n--a b:c  \t\r\nContent-Disposition: form-data; name=x\r\n\r\n"
                + "1\r\n--a b:c--  \r\nThis is the epilogue, with --a b:c in it.\r\n",
            parts: [Part(name: "x", body: "1")], error: nil),
        MultipartCase(
            label: "content holding near-delimiters, CRLFs and the boundary not at a line start", contentType: form,
            body:
                "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n"
                + "\r\n--XyY\r\n--Xy\r\nx--XyZ\r\n\r\n\r\n--XyZ--",
            parts: [
                Part(
                    name: "f", fileName: "a.txt", contentType: "text/plain", body: "\r\n--XyY\r\n--Xy\r\nx--XyZ\r\n\r\n"
                )
            ], error: nil),
        MultipartCase(
            label: "RFC 8187 filename* wins over filename", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"EUR rates.txt\"; "
                + "filename*=UTF-8''%E2%82%AC%20rates.txt\r\n\r\nx\r\n--XyZ--\r\n",
            parts: [Part(name: "f", fileName: "€ rates.txt", body: "x")], error: nil),
        MultipartCase(
            label: "RFC 8187 filename* in ISO-8859-1", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename*=iso-8859-1'fr'caf%E9.txt\r\n\r\n"
                + "x\r\n--XyZ--\r\n",
            parts: [Part(name: "f", fileName: "café.txt", body: "x")], error: nil),
        MultipartCase(
            label: "browser escapes: %22, %0D, %0A decoded, other percents kept", contentType: form,
            body:
                "--XyZ\r\nContent-Disposition: form-data; name=\"a%22b%0d%0Ac\"; filename=\"100%25 %22x%22.txt\"\r\n\r\n"
                + "x\r\n--XyZ--\r\n",
            parts: [Part(name: "a\"b\r\nc", fileName: "100%25 \"x\".txt", body: "x")], error: nil),
        MultipartCase(
            label: "backslash escapes of curl's mime API, other backslashes kept", contentType: form,
            body:
                "--XyZ\r\nContent-Disposition: form-data; name=\"q\\\"\\\\\"; filename=\"C:\\dir\\\\we\\\"ird.txt\"\r\n\r\n"
                + "x\r\n--XyZ--\r\n",
            parts: [Part(name: "q\"\\", fileName: "C:\\dir\\we\"ird.txt", body: "x")], error: nil),
        MultipartCase(
            label: "a form-escaped name ending in a backslash", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"dir\\\"\r\n\r\nx\r\n--XyZ--\r\n",
            parts: [Part(name: "dir\\", body: "x")], error: nil),
        MultipartCase(
            label: "a CR LF sent raw inside a quoted file name", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"two\r\nlines.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nx\r\n--XyZ--\r\n",
            parts: [Part(name: "f", fileName: "two\r\nlines.txt", contentType: "text/plain", body: "x")], error: nil),
        MultipartCase(
            label: "UTF-8 names sent raw, unquoted parameter, empty content", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"ñandú\"; filename=日本.txt\r\n\r\n\r\n--XyZ--\r\n",
            parts: [Part(name: "ñandú", fileName: "日本.txt", body: "")], error: nil),
        MultipartCase(
            label: "no close delimiter: the part cut short is recorded", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\ntw",
            parts: [Part(name: "a", body: "one"), Part(name: "b", body: "tw")],
            error: "the body ended inside part 2, before the close delimiter \"--XyZ--\""),
        MultipartCase(
            label: "body ends inside a part's header fields", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--XyZ\r\nContent-Dis",
            parts: [Part(name: "a", body: "one")], error: "ended inside the header fields of part 2"),
        MultipartCase(
            label: "a malformed header line stops parsing, earlier parts kept", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
                + "--XyZ\r\nno colon here\r\n\r\ntwo\r\n--XyZ--\r\n",
            parts: [Part(name: "a", body: "one")], error: "part 2 has a malformed header line \"no colon here\""),
        MultipartCase(
            label: "a delimiter followed by something else", contentType: form,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--XyZabc\r\n",
            parts: [Part(name: "a", body: "one")], error: "followed by byte 0x61"),
        MultipartCase(
            label: "a part without Content-Disposition is recorded and noted", contentType: form,
            body: "--XyZ\r\n\r\nbare\r\n--XyZ\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\ntwo\r\n--XyZ--",
            parts: [Part(body: "bare"), Part(name: "b", body: "two")],
            error: "part 1 has no \"Content-Disposition: form-data\" with a name"),
        MultipartCase(
            label: "no delimiter at all", contentType: form, body: "just text", parts: [],
            error: "no boundary delimiter \"--XyZ\" in the body"),
        MultipartCase(
            label: "multipart/form-data without a boundary", contentType: "multipart/form-data",
            body: "--XyZ\r\n\r\nx\r\n--XyZ--", parts: [], error: "without a boundary parameter"),
        MultipartCase(
            label: "not multipart", contentType: "application/x-www-form-urlencoded", body: "--XyZ\r\n\r\nx\r\n--XyZ--",
            parts: nil, error: nil),
    ]
}
