import Foundation
import Networking
import Testing

@testable import NetworkingTestKit

/// Regression, found by fuzzing (script/fuzz, FuzzRequestParser): the mock server's parser judged a request at
/// its size limits differently depending on how the bytes arrived. A head or request line of exactly the
/// limit was refused when its last bytes came in a separate read, and a trailer line over 4 KiB was refused
/// only when it came in pieces. Every request here must get the same verdict whole and cut anywhere in its
/// last bytes.
@Suite("Request parser limits, whole or in pieces", .timeLimit(.minutes(1)))
struct RequestParserPiecesTests {
    @Test("requests at the limits get the same verdict however they arrive", arguments: ParserLimitCase.allCases)
    func verdict(_ limitCase: ParserLimitCase) throws {
        // Given the request whole, and cut before each of its last 8 bytes
        let request = limitCase.bytes
        let feedings = [[request]] + (1...8).map { [Array(request.dropLast($0)), Array(request.suffix($0))] }

        // When each feeding is parsed
        let verdicts = feedings.map(Self.parse)

        // Then every feeding parses one request, or every one fails
        for (index, parsed) in verdicts.enumerated() {
            #expect(parsed == (limitCase.accepted ? 1 : -1), "feeding \(index) gave \(parsed)")
        }
    }

    /// The number of requests parsed, or -1 when the parser threw.
    private static func parse(_ pieces: [[UInt8]]) -> Int {
        var parser = HTTPRequestParser(connectionIndex: 0)
        var count = 0
        do {
            for piece in pieces {
                parser.append(piece)
                while try parser.next() != nil {
                    count += 1
                }
            }
        } catch {
            return -1
        }
        return count
    }
}
