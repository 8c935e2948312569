import Foundation

extension HTTPRequestParser {
    /// The longest chunk-size line or trailer line, in bytes.
    static let maximumChunkLineBytes = 4 * 1024

    /// Decodes a chunked body; returns true when the last chunk and the trailers are read.
    mutating func parseChunked() throws(HTTPParseError) -> Bool {
        while true {
            switch state {
            case .chunkSize:
                guard let line = try takeLine() else { return false }
                let size = try Self.chunkSize(line)
                if size == 0 {
                    state = .trailers
                } else {
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .chunkData(remaining: left)
                    return false
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count - offset >= 2 else { return false }
                guard buffer[offset] == 13 && buffer[offset + 1] == 10 else {
                    throw HTTPParseError("chunk data not followed by CRLF")
                }
                offset += 2
                state = .chunkSize
            case .trailers:
                guard let line = try takeLine() else { return false }
                if line.isEmpty {
                    return true
                }
            case .head, .body:
                return true
            }
        }
    }

    /// Takes one CRLF-terminated line, without the CRLF, or returns nil when it is incomplete. The length
    /// limit applies alike to a line that arrived whole and to one still arriving (whose last pending byte
    /// may be its CR).
    private mutating func takeLine() throws(HTTPParseError) -> String? {
        var index = offset
        while index + 1 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 {
                guard index - offset <= Self.maximumChunkLineBytes else {
                    throw HTTPParseError("chunk line longer than \(Self.maximumChunkLineBytes) bytes")
                }
                let line = String(decoding: buffer[offset..<index], as: UTF8.self)
                offset = index + 2
                return line
            }
            index += 1
        }
        if buffer.count - offset - 1 > Self.maximumChunkLineBytes {
            throw HTTPParseError("chunk line longer than \(Self.maximumChunkLineBytes) bytes")
        }
        return nil
    }

    private static func chunkSize(_ line: String) throws(HTTPParseError) -> Int {
        let digits = line.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        let isHex = digits.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
        guard !digits.isEmpty, isHex, digits.utf8.count <= 15, let size = Int(digits, radix: 16) else {
            throw HTTPParseError("malformed chunk size \"\(line.prefix(50))\"")
        }
        return size
    }
}
