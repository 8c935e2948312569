import Foundation
import Testing

@testable import Networking

/// SHA-1 and SHA-256 against the FIPS 180-4 example vectors (NIST CSRC "Examples with intermediate values").
@Suite(.timeLimit(.minutes(1))) struct DigestTests {
    static let vectors: [(message: String, sha1: String, sha256: String)] = [
        (
            "", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        ),
        (
            "abc", "a9993e364706816aba3e25717850c26c9cd0d89d",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        ),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]

    @Test(arguments: vectors)
    func sha1MatchesTheFIPSVectors(vector: (message: String, sha1: String, sha256: String)) throws {
        // Given a FIPS 180-4 message; When hashed with SHA-1
        let digest = try #require(SHA1.hash(vector.message))

        // Then it is the published digest, 20 bytes
        #expect(digest.count == 20)
        #expect(Hex.lowercase(digest) == vector.sha1)
    }

    @Test(arguments: vectors)
    func sha256MatchesTheFIPSVectors(vector: (message: String, sha1: String, sha256: String)) throws {
        // Given a FIPS 180-4 message; When hashed with SHA-256 in one call, as hex, and incrementally
        let digest = try #require(SHA256.hash(Array(vector.message.utf8)))
        let hasher = SHA256Hasher()
        for byte in vector.message.utf8 {
            hasher.update([byte])
        }

        // Then all three are the published digest
        #expect(Hex.lowercase(digest) == vector.sha256)
        #expect(SHA256.hexHash(vector.message) == vector.sha256)
        #expect(hasher.hexDigest() == vector.sha256)
    }

    @Test func sha256OfAMillionAsMatchesTheNISTLongVector() {
        // Given the NIST long message: one million "a", streamed in uneven pieces
        let hasher = SHA256Hasher()
        var left = 1_000_000
        var piece = 1
        while left > 0 {
            let count = min(piece, left)
            hasher.update(Data(repeating: UInt8(ascii: "a"), count: count))
            left -= count
            piece = piece * 3 + 1
        }

        // Then the digest is the published one
        #expect(hasher.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aFinishedHasherSaysSoInsteadOfADigest() {
        // Given a finished hasher
        let hasher = SHA256Hasher()
        hasher.update(Data("abc".utf8))
        let first = hasher.hexDigest()

        // When asked again after more bytes
        hasher.update(Data("def".utf8))

        // Then the first digest stands and the second call gives no digest
        #expect(first == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hasher.hexDigest() == "sha256-unavailable")
        #expect(SHA256.emptyHex == SHA256Hasher().hexDigest())
    }

    @Test func secureRandomBytesDiffer() {
        // Given two draws of 16 bytes; Then they have the length asked and differ (a 2^-128 chance of a false alarm)
        let first = SecureRandom.bytes(count: 16)
        let second = SecureRandom.bytes(count: 16)
        #expect(first.count == 16)
        #expect(first != second)
    }
}
