import Foundation

/// Renders the start of a body as text for messages and logs.
enum BodyExcerpt {
    /// The first `limit` bytes as UTF-8 (cut at a character boundary), or a summary for binary data.
    static func text(of body: Data, limit: Int) -> String {
        guard !body.isEmpty else {
            return ""
        }
        let prefix = body.prefix(limit)
        // A character cut in half at the limit leaves up to 3 stray bytes; anything else invalid is binary.
        let drops = body.count > limit ? 0...3 : 0...0
        for drop in drops {
            if let text = String(validating: prefix.dropLast(drop), as: UTF8.self),
                !text.unicodeScalars.contains(where: isBinary)
            {
                return body.count > limit ? text + "… (\(body.count) bytes)" : text
            }
        }
        return "<\(body.count) bytes of binary data>"
    }

    private static func isBinary(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\n" && scalar != "\r" && scalar != "\t"
    }
}
