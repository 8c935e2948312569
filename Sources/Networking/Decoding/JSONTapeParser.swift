/// Builds a ``JSONTape``'s entries: a recursive-descent parser over UTF-8 bytes that checks the whole text
/// (strict RFC 8259) and records where each value is, converting nothing.
struct JSONTapeParser {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0
    private(set) var entries: [JSONTape.Entry] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        entries.reserveCapacity(min(bytes.count / 4 + 4, 1 << 16))
    }

    /// Parses one value with only whitespace around it.
    /// - Returns: Whether the text is one valid JSON value.
    mutating func parseDocument() -> Bool {
        // A byte-order mark, UTF-16 or UTF-32 text: Foundation converts them; left to it.
        skipWhitespace()
        guard parseValue() else {
            return false
        }
        skipWhitespace()
        return position == bytes.count
    }

    private mutating func parseValue() -> Bool {
        guard position < bytes.count else {
            return false
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return parseObject()
        case UInt8(ascii: "["): return parseArray()
        case UInt8(ascii: "\""):
            return parseString() != nil
        case UInt8(ascii: "t"): return parseLiteral("true", kind: .true)
        case UInt8(ascii: "f"): return parseLiteral("false", kind: .false)
        case UInt8(ascii: "n"): return parseLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return parseNumber()
        default: return false
        }
    }

    private mutating func append(_ kind: JSONTape.Entry.Kind, start: Int, length: Int, flag: Bool = false) {
        entries.append(
            JSONTape.Entry(
                kind: kind, flag: flag, hasComplexKeys: false, start: UInt32(start), length: UInt32(length), count: 0,
                end: UInt32(entries.count + 1)))
    }

    private mutating func parseLiteral(_ literal: StaticString, kind: JSONTape.Entry.Kind) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else {
            return false
        }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            return false
        }
        append(kind, start: position, length: count)
        position += count
        return true
    }

    private mutating func parseObject() -> Bool {
        depth += 1
        guard depth <= JSONTape.maximumDepth else {
            return false
        }
        let index = entries.count
        append(.object, start: position, length: 0)
        position += 1
        skipWhitespace()
        var members: UInt32 = 0
        var seen: (low: UInt64, high: UInt64) = (0, 0)
        var repeats = false
        var complexKeys = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
                    let key = parseString()
                else {
                    return false
                }
                if key.isComplex {
                    complexKeys = true
                } else {
                    // A 128-bit signature of the keys so far: a key whose bit is taken may repeat an earlier one, and
                    // that object's lookups then always start from its first member (the first of equal keys wins).
                    let slot = key.signature >> 57  // 0...127, from the well-mixed top bits
                    let bit = UInt64(1) << (slot & 63)
                    if slot < 64 {
                        repeats = repeats || seen.low & bit != 0
                        seen.low |= bit
                    } else {
                        repeats = repeats || seen.high & bit != 0
                        seen.high |= bit
                    }
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    return false
                }
                position += 1
                skipWhitespace()
                guard parseValue() else {
                    return false
                }
                members += 1
                guard let more = afterMember(closing: UInt8(ascii: "}")) else {
                    return false
                }
                if !more {
                    break
                }
            }
        }
        entries[index].count = members
        entries[index].flag = repeats
        entries[index].hasComplexKeys = complexKeys
        entries[index].end = UInt32(entries.count)
        depth -= 1
        return true
    }

    private mutating func parseArray() -> Bool {
        depth += 1
        guard depth <= JSONTape.maximumDepth else {
            return false
        }
        let index = entries.count
        append(.array, start: position, length: 0)
        position += 1
        skipWhitespace()
        var elements: UInt32 = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                guard parseValue() else {
                    return false
                }
                elements += 1
                guard let more = afterMember(closing: UInt8(ascii: "]")) else {
                    return false
                }
                if !more {
                    break
                }
            }
        }
        entries[index].count = elements
        entries[index].end = UInt32(entries.count)
        depth -= 1
        return true
    }

    /// Moves past what follows an object member or array element: `true` after a comma (another one comes),
    /// `false` after `closing`, `nil` for anything else.
    private mutating func afterMember(closing: UInt8) -> Bool? {
        skipWhitespace()
        guard position < bytes.count else {
            return nil
        }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            return true
        }
        guard bytes[position] == closing else {
            return nil
        }
        position += 1
        return false
    }

    /// What the parser learnt of a string: whether it needs more than a byte comparison, and a cheap signature.
    private struct StringInfo {
        var isComplex: Bool
        var signature: UInt64
    }

    /// Parses a string at the opening quote, checking its escapes and its UTF-8.
    private mutating func parseString() -> StringInfo? {
        position += 1
        let start = position
        var escaped = false
        var nonASCII = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let length = position - start
                append(.string, start: start, length: length, flag: escaped)
                position += 1
                if nonASCII, !Self.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])) {
                    return nil
                }
                let first = length > 0 ? UInt64(bytes[start]) : 0
                let last = length > 0 ? UInt64(bytes[start + length - 1]) : 0
                return StringInfo(
                    isComplex: escaped || nonASCII,
                    signature: (UInt64(length) << 16 ^ first << 8 ^ last) &* 0x9E37_79B9_7F4A_7C15)
            }
            if byte < 0x20 {
                return nil
            }
            if byte >= 0x80 {
                nonASCII = true
                position += 1
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                guard skipEscape() else {
                    return nil
                }
            } else {
                position += 1
            }
        }
        return nil
    }

    /// Checks one escape at the backslash (a `\u` high surrogate must be followed by a `\u` low one) and moves past.
    private mutating func skipEscape() -> Bool {
        guard position + 1 < bytes.count else {
            return false
        }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
            return true
        case UInt8(ascii: "u"):
            guard let unit = JSONTapeStrings.hexUnit(bytes, at: position + 2) else {
                return false
            }
            position += 6
            if unit >= 0xDC00 && unit <= 0xDFFF {
                return false
            }
            guard unit >= 0xD800 && unit <= 0xDBFF else {
                return true
            }
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u"), let low = JSONTapeStrings.hexUnit(bytes, at: position + 2),
                low >= 0xDC00 && low <= 0xDFFF
            else {
                return false
            }
            position += 6
            return true
        default:
            return false
        }
    }

    /// Parses a number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), flagging integers.
    private mutating func parseNumber() -> Bool {
        let start = position
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
        }
        guard position < bytes.count else {
            return false
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            guard skipDigits() else {
                return false
            }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() else {
                return false
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard skipDigits() else {
                return false
            }
        }
        append(.number, start: start, length: position - start, flag: isInteger)
        return true
    }

    /// Moves past one or more digits; `false` when there is none.
    private mutating func skipDigits() -> Bool {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
            position += 1
        }
        return position > start
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// Whether `text` is well-formed UTF-8: no overlong form, no surrogate, nothing above U+10FFFF.
    static func isValidUTF8(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let extra: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: (extra, scalar) = (1, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (extra, scalar) = (2, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (extra, scalar) = (3, UInt32(lead & 0x07))
            default: return false
            }
            guard index + extra < text.count else {
                return false
            }
            for offset in 1...extra {
                let continuation = text[index + offset]
                guard continuation & 0xC0 == 0x80 else {
                    return false
                }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            switch extra {
            case 2 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return false
            case 3 where scalar < 0x10000 || scalar > 0x10FFFF: return false
            default: break
            }
            index += extra + 1
        }
        return true
    }
}
