public import Foundation
public import Networking

/// One part of a `multipart/form-data` request body as ``MockServer`` received it (RFC 7578), measured
/// and hashed as it streamed in, so that parts of any size can be checked.
///
/// ```swift
/// let recorded = try await server.takeRequest()
/// let photo = try #require(recorded.parts?.first { $0.name == "photo" })
/// #expect(photo.fileName == "cat.png")
/// #expect(photo.contentType == "image/png")
/// #expect(photo.sha256 == expectedSHA256)  // the body itself is kept only up to 1 MiB
/// ```
public struct RecordedPart: Sendable {
    /// The largest part whose bytes are kept in ``body``: 1 MiB.
    public static let maximumRecordedSize = 1024 * 1024

    /// The part's header fields in received order, for example `Content-Disposition` and `Content-Type`.
    public let headers: HTTPHeaders
    /// The `name` parameter of `Content-Disposition` (the form field's name), or `nil` when absent.
    public let name: String?
    /// The file name from `Content-Disposition`: its `filename*` (RFC 8187, for example
    /// `UTF-8''%E2%82%AC.txt`) when present, else its `filename`; `nil` when neither is there.
    ///
    /// Quoted-strings lose their quotes and their `\"` and `\\` escapes (curl's mime API with
    /// `CURLMIMEOPT_FORMESCAPE`); `%22`, `%0D` and `%0A` become `"`, CR and LF, as browsers and curl's default
    /// form escaping write them. Other percent signs are left as they are.
    public let fileName: String?
    /// The part's `Content-Type` field value, for example `image/png`, or `nil` when absent.
    public let contentType: String?
    /// The number of bytes of the part's content.
    public let size: Int
    /// The SHA-256 of the part's content, as 64 lowercase hex digits.
    public let sha256: String
    /// The part's content when it is at most ``maximumRecordedSize`` bytes, else empty (``size`` and
    /// ``sha256`` still describe it).
    public let body: Data

    /// Creates a part from its header fields and content, for example to unit-test a dispatcher closure;
    /// ``name``, ``fileName`` and ``contentType`` are read from `headers`, ``size`` and ``sha256`` from `body`.
    /// - Parameters:
    ///   - headers: The part's header fields.
    ///   - body: The part's content.
    public init(headers: HTTPHeaders, body: Data) {
        self.init(headers: headers, size: body.count, sha256: SHA256Hasher.hexDigest(of: body), body: body)
    }

    init(headers: HTTPHeaders, size: Int, sha256: String, body: Data) {
        self.headers = headers
        self.size = size
        self.sha256 = sha256
        self.body = body
        contentType = headers["Content-Type"]
        let disposition = headers["Content-Disposition"].map(HeaderParameters.init(parsing:))
        name = disposition?.formValue("name")
        fileName = disposition?.formValue("filename")
    }

    /// The content decoded as UTF-8, or `nil` when it is not valid UTF-8 (or was not kept).
    public var bodyString: String? {
        String(data: body, encoding: .utf8)
    }
}
