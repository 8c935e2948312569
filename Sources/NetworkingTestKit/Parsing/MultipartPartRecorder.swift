import Foundation
import Networking

/// One part of a multipart body while its content streams in: measured and hashed, and kept only while
/// it is at most ``RecordedPart/maximumRecordedSize`` bytes.
struct MultipartPartRecorder {
    let headers: HTTPHeaders
    private let hasher = SHA256Hasher()
    private var size = 0
    private var kept: [UInt8] = []

    init(headers: HTTPHeaders) {
        self.headers = headers
    }

    /// Adds content bytes.
    mutating func consume(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        hasher.update(bytes)
        size += bytes.count
        if size <= RecordedPart.maximumRecordedSize {
            kept.append(contentsOf: bytes)
        } else if !kept.isEmpty {
            kept = []
        }
    }

    /// The part as received so far.
    func finish() -> RecordedPart {
        RecordedPart(headers: headers, size: size, sha256: hasher.hexDigest(), body: Data(kept))
    }
}
