import Foundation
import Glibc
import Networking

/// Splits a `multipart/form-data` body into parts as it streams in (RFC 2046 §5.1.1, RFC 7578), holding
/// only a small window of bytes: a part's content goes straight to its ``MultipartPartRecorder``.
///
/// The body is read as if it began with CRLF, so that every delimiter, the first one included, is
/// `CRLF--boundary`; a delimiter is followed by `--` (the close delimiter) or by optional spaces and CRLF
/// and the next part's header fields. The preamble and the epilogue are skipped. A fatal problem (a
/// header line without a colon, a delimiter followed by anything else) stops the parsing, keeping the
/// parts before it; a part without `Content-Disposition: form-data` and a name is recorded and noted.
final class MultipartBodyParser {
    /// The largest header section of one part, in bytes.
    static let maximumHeaderBytes = 64 * 1024
    /// The most parts in one body.
    static let maximumParts = 10_000
    /// The most spaces and tabs allowed after a boundary delimiter.
    static let maximumPaddingBytes = 1024

    private enum State {
        case preamble
        case afterDelimiter
        case headers
        case content
        case epilogue
        case failed
    }

    let boundary: String
    /// `CRLF--boundary`.
    private let delimiter: [UInt8]
    /// Bytes received and not yet consumed from `offset` on; starts with the CRLF assumed before the body.
    private var window: [UInt8] = [13, 10]
    private var offset = 0
    private var state = State.preamble
    private var current: MultipartPartRecorder?
    private(set) var parts: [RecordedPart] = []
    /// The first problem found, if any.
    private(set) var error: String?

    init(boundary: String) {
        self.boundary = boundary
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Parses the next bytes of the body.
    func consume(_ bytes: ArraySlice<UInt8>) {
        guard state != .epilogue && state != .failed else { return }
        window.append(contentsOf: bytes)
        while step() {}
        if offset == window.count {
            window.removeAll(keepingCapacity: true)
        } else if offset > 0 {
            window.removeSubrange(0..<offset)
        }
        offset = 0
    }

    /// Ends the body: a part still open is recorded with the content received, and the error says where the
    /// body ended unless it ended after the close delimiter.
    /// - Returns: The parts and the first problem found, if any.
    func finish() -> (parts: [RecordedPart], error: String?) {
        switch state {
        case .preamble:
            fail("no boundary delimiter \"--\(boundary)\" in the body")
        case .afterDelimiter:
            fail("the body ended after a boundary delimiter, without the close delimiter \"--\(boundary)--\"")
        case .headers:
            fail("the body ended inside the header fields of part \(parts.count + 1)")
        case .content:
            current?.consume(window[offset...])
            finishPart()
            fail("the body ended inside part \(parts.count), before the close delimiter \"--\(boundary)--\"")
        case .epilogue, .failed:
            break
        }
        return (parts, error)
    }

    /// Takes one step through the window.
    /// - Returns: Whether to step again (false when more bytes are needed or parsing has ended).
    private func step() -> Bool {
        switch state {
        case .preamble, .content:
            guard let match = find(delimiter, from: offset) else {
                // A delimiter may begin only in the last bytes, fewer than its length: the rest is content.
                let safe = window.count - (delimiter.count - 1)
                if safe > offset {
                    current?.consume(window[offset..<safe])
                    offset = safe
                }
                return false
            }
            current?.consume(window[offset..<match])
            finishPart()
            offset = match + delimiter.count
            state = .afterDelimiter
            return true
        case .afterDelimiter:
            return readDelimiterEnd()
        case .headers:
            return readHeaders()
        case .epilogue, .failed:
            offset = window.count
            return false
        }
    }

    /// Reads what follows a delimiter: `--` (the close delimiter), or spaces and tabs then CRLF.
    private func readDelimiterEnd() -> Bool {
        var index = offset
        guard index < window.count else { return false }
        if window[index] == UInt8(ascii: "-") {
            guard index + 1 < window.count else { return false }
            guard window[index + 1] == UInt8(ascii: "-") else {
                return fail("boundary delimiter \"--\(boundary)\" followed by \"-\" and not \"--\"")
            }
            offset = index + 2
            state = .epilogue
            return true
        }
        while index < window.count && (window[index] == 32 || window[index] == 9) {
            index += 1
        }
        guard index + 1 < window.count else {
            return index - offset > Self.maximumPaddingBytes ? fail("too much padding after a delimiter") : false
        }
        guard window[index] == 13 && window[index + 1] == 10 else {
            let byte = String(window[index], radix: 16, uppercase: true)
            return fail("boundary delimiter \"--\(boundary)\" followed by byte 0x\(byte) instead of CRLF or \"--\"")
        }
        guard parts.count < Self.maximumParts else {
            return fail("more than \(Self.maximumParts) parts")
        }
        offset = index + 2
        state = .headers
        return true
    }

    /// Reads a part's header section once it is complete (an empty line ends it).
    private func readHeaders() -> Bool {
        let number = parts.count + 1
        var end = offset
        if !(window.count - offset >= 2 && window[offset] == 13 && window[offset + 1] == 10) {
            guard let found = find([13, 10, 13, 10], from: offset) else {
                return window.count - offset > Self.maximumHeaderBytes
                    ? fail("the header fields of part \(number) are longer than \(Self.maximumHeaderBytes) bytes")
                    : false
            }
            guard found - offset <= Self.maximumHeaderBytes else {
                return fail("the header fields of part \(number) are longer than \(Self.maximumHeaderBytes) bytes")
            }
            end = found + 2
        }
        var headers = HTTPHeaders()
        let text = String(decoding: window[offset..<end], as: UTF8.self)
        for line in Self.fieldLines(text) {
            guard let colon = Self.nameEnd(line) else {
                return fail("part \(number) has a malformed header line \"\(line.prefix(200))\"")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.add(name: String(line[..<colon]), value: value)
        }
        offset = end + 2
        current = MultipartPartRecorder(headers: headers)
        state = .content
        let disposition = headers["Content-Disposition"].map(HeaderParameters.init(parsing:))
        if error == nil, disposition?.value.lowercased() != "form-data" || disposition?.formValue("name") == nil {
            error = "part \(number) has no \"Content-Disposition: form-data\" with a name (RFC 7578 §4.2)"
        }
        return true
    }

    /// Splits a part's header section (ending in CRLF) into field lines. A line that is not a field and
    /// follows a line ending inside a quoted-string continues that line: curl's mime API, escaping with
    /// backslashes, sends the CR and LF of a name or file name as they are.
    private static func fieldLines(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.components(separatedBy: "\r\n").dropLast() {
            if let last = lines.last, nameEnd(line) == nil, endsInsideQuotes(last) {
                lines[lines.count - 1] = last + "\r\n" + line
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    /// The index of the colon ending a field line's name, or nil when the line is not a field.
    private static func nameEnd(_ line: String) -> String.Index? {
        guard let colon = line.firstIndex(of: ":"), !line[..<colon].isEmpty,
            line[..<colon].unicodeScalars.allSatisfy(HTTPRequestParser.isTokenCharacter)
        else { return nil }
        return colon
    }

    /// Whether a quoted-string is still open at the end of `line` (`\"` and `\\` escape).
    private static func endsInsideQuotes(_ line: String) -> Bool {
        var inside = false
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped {
                escaped = false
            } else if inside && scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                inside.toggle()
            }
        }
        return inside
    }

    private func finishPart() {
        if let current {
            parts.append(current.finish())
        }
        current = nil
    }

    /// Records a problem that ends the parsing (after any noted before) and stops.
    /// - Returns: false, so the caller stops stepping.
    @discardableResult
    private func fail(_ message: String) -> Bool {
        guard state != .failed else { return false }
        error = error.map { "\($0); \(message)" } ?? message
        state = .failed
        return false
    }

    /// The index of the first occurrence of `needle` in the window at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        window.withUnsafeBytes { haystack -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress, let first = needle.first
                else { return nil }
                let last = haystack.count - needle.count
                var position = start
                while position <= last {
                    guard let hit = memchr(base + position, Int32(first), last - position + 1) else { return nil }
                    let index = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, patternBase, needle.count) == 0 {
                        return index
                    }
                    position = index + 1
                }
                return nil
            }
        }
    }
}
