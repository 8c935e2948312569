/// Collects the header lines of a response as curl delivers them: a new status line (after a 1xx, or a
/// proxy's CONNECT answer) starts over, so only the final response's lines remain. The lines are kept as bytes and
/// become fields only when read (``ReceivedHeaderLines``).
struct ResponseHeaderCollector {
    /// The field lines of the latest response, line endings included.
    private var lines: [UInt8] = []
    /// Room made at the first line, so that a usual response's header section never grows the buffer.
    private static let typicalSectionSize = 512

    /// Takes one raw header line, with its line ending.
    /// - Parameter bytes: The line.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "HTTP/".utf8) {
            lines.removeAll(keepingCapacity: true)
            return
        }
        if lines.isEmpty {
            lines.reserveCapacity(Self.typicalSectionSize)
        }
        lines.append(contentsOf: bytes)
        if bytes.last != 10 {
            lines.append(10)  // curl delivers whole lines; a last line without its ending still ends here
        }
    }

    /// The latest response's headers, parsed when first read.
    var headers: HTTPHeaders {
        lines.isEmpty ? HTTPHeaders() : HTTPHeaders(received: ReceivedHeaderLines(bytes: lines))
    }

    /// The latest response's fields, parsed now.
    var fields: [HTTPHeaders.Element] {
        ReceivedHeaderLines.parse(lines)
    }
}
