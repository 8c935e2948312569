import Foundation
import Testing

@testable import Networking

/// Base64 against the RFC 4648 §10 test vectors, round trips, and what strict decoding refuses.
@Suite(.timeLimit(.minutes(1))) struct Base64Tests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func encodesAndDecodesTheRFC4648Vectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(text.utf8))
    }

    @Test(arguments: [0, 1, 2, 3, 31, 32, 33, 255, 1000])
    func roundTripsEveryByteValueAndMatchesFoundation(count: Int) {
        // Given bytes cycling through all 256 values
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

        // When encoded and decoded
        let encoded = Base64.encode(bytes)

        // Then the text is Foundation's, and decoding gives the bytes back
        #expect(encoded == Data(bytes).base64EncodedString())
        #expect(Base64.decode(encoded) == bytes)
    }

    @Test func wrapsLinesLikePEM() {
        // Given 100 bytes (136 base64 characters), wrapped at 64
        let bytes = [UInt8](repeating: 0xAB, count: 100)
        let wrapped = Base64.encode(bytes, lineLength: 64)

        // Then lines of 64, 64 and 8 characters, as Foundation's PEM options give
        #expect(wrapped.split(separator: "\n").map(\.count) == [64, 64, 8])
        #expect(wrapped == Data(bytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]))
    }

    @Test(arguments: ["Zg", "Zg=", "Z===", "Zm9v!", "Zm 9v", "Zm9v\n", "=Zm9", "Zg==Zg==", "Zm-_"])
    func rejectsTextThatIsNotStrictBase64(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
