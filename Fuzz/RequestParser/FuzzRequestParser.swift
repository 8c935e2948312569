import Foundation

@testable import NetworkingTestKit

/// libFuzzer entry point for `MockServer`'s request parser. The first byte seeds how the rest is cut into
/// pieces; the rest is parsed twice, whole and fed piece by piece as a socket would deliver it. A crash is a
/// finding, and so is any difference between the two runs: the requests parsed, or whether an error ended
/// the stream.
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of input bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else {
        return 0
    }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let seed = bytes.first else {
        return 0
    }
    let input = Array(bytes.dropFirst())
    let whole = parse([input])
    let pieces = parse(cut(input, seed: seed))
    guard whole.requests == pieces.requests, whole.failed == pieces.failed else {
        fatalError(
            "the parser disagrees with itself when the input arrives in pieces:\n"
                + "whole:  \(whole.requests) failed: \(whole.failed)\npieces: \(pieces.requests) failed: \(pieces.failed)"
        )
    }
    return 0
}

/// Feeds `pieces` in order, taking out every complete request, until the input ends or an error stops it.
private func parse(_ pieces: [[UInt8]]) -> (requests: [String], failed: Bool) {
    var parser = HTTPRequestParser(connectionIndex: 0)
    var requests: [String] = []
    for piece in pieces {
        parser.append(piece)
        do {
            while let request = try parser.next() {
                let fields = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "|")
                requests.append(
                    "\(request.method) \(request.target) \(request.version) [\(fields)] \(Array(request.body))")
                _ = parser.takeContinueRequest()
            }
        } catch {
            return (requests, true)
        }
    }
    return (requests, false)
}

/// Cuts `input` into pieces of 1 to 64 bytes, their sizes drawn from a generator seeded with `seed`.
private func cut(_ input: [UInt8], seed: UInt8) -> [[UInt8]] {
    var state = UInt32(seed) &* 2_654_435_761 | 1
    var pieces: [[UInt8]] = []
    var start = 0
    while start < input.count {
        state = state &* 1_664_525 &+ 1_013_904_223
        let end = min(input.count, start + 1 + Int(state >> 26))
        pieces.append(Array(input[start..<end]))
        start = end
    }
    return pieces
}
