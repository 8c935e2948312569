public import Foundation
import Networking

/// SHA-256 digests as lowercase hex, to compare what a test sent or expects with what ``MockServer`` recorded
/// (``RecordedRequest/bodySHA256``, ``RecordedPart/sha256``) without holding large bodies twice.
///
/// ```swift
/// let part = try #require(server.requests(path: "/uploads").first?.parts?.first)
/// #expect(part.sha256 == try SHA256Digest.hex(ofFileAt: videoURL))
/// ```
public enum SHA256Digest {
    /// The digest of `data`.
    public static func hex(of data: Data) -> String {
        SHA256Hasher.hexDigest(of: data)
    }

    /// The digest of a file, read in 1 MiB pieces.
    /// - Throws: The file's read error.
    public static func hex(ofFileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let hasher = SHA256Hasher()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
        }
        return hasher.hexDigest()
    }
}
