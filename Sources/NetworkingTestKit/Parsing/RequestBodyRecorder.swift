import Foundation
import Networking

/// Measures and hashes one request body as it streams in, keeps its bytes up to a limit, and splits it
/// into parts when it is `multipart/form-data`: memory stays flat whatever the body's size.
///
/// A body announced by `Content-Length` as longer than the limit is never kept; a chunked body is kept
/// until it passes the limit, then dropped.
final class RequestBodyRecorder {
    /// The body as recorded once it has ended.
    struct Recording {
        var body: Data
        var size: Int
        var sha256: String
        var parts: [RecordedPart]?
        var multipartError: String?
    }

    private var hasher: SHA256Hasher?
    /// The body bytes received so far.
    private(set) var size = 0
    private var kept: [UInt8] = []
    private var keeping: Bool
    private let keepLimit: Int
    private let multipart: MultipartBodyParser?
    /// Why a `multipart/form-data` body cannot be split, when its media type has no usable boundary.
    private let multipartProblem: String?

    /// - Parameters:
    ///   - contentType: The request's `Content-Type`.
    ///   - expectedLength: The announced `Content-Length`, or `nil` for a chunked body.
    ///   - keepLimit: The largest body kept in memory.
    init(contentType: String?, expectedLength: Int?, keepLimit: Int) {
        self.keepLimit = max(0, keepLimit)
        keeping = (expectedLength ?? 0) <= self.keepLimit
        let mediaType = contentType.map(HeaderParameters.init(parsing:))
        guard let mediaType, mediaType.value.lowercased() == "multipart/form-data" else {
            multipart = nil
            multipartProblem = nil
            return
        }
        if let boundary = mediaType["boundary"], !boundary.isEmpty {
            multipart = MultipartBodyParser(boundary: boundary)
            multipartProblem = nil
        } else {
            multipart = nil
            multipartProblem = "multipart/form-data without a boundary parameter"
        }
    }

    /// Adds body bytes (chunked framing already removed).
    func consume(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        let hasher = self.hasher ?? SHA256Hasher()
        self.hasher = hasher
        hasher.update(bytes)
        size += bytes.count
        if keeping {
            if size <= keepLimit {
                kept.append(contentsOf: bytes)
            } else {
                keeping = false
                kept = []
            }
        }
        multipart?.consume(bytes)
    }

    /// Ends the body.
    func finish() -> Recording {
        let parsed = multipart?.finish()
        return Recording(
            body: Data(kept), size: size, sha256: hasher?.hexDigest() ?? SHA256.emptyHex,
            parts: parsed?.parts ?? (multipartProblem == nil ? nil : []),
            multipartError: parsed?.error ?? multipartProblem)
    }
}
