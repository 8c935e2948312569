import Foundation

/// A strict RFC 8259 parser from bytes to ``JSONValue``: one pass, no intermediate objects, numbers kept as
/// written (an integer that fits in `Int` stays an `Int`), nesting bounded so that hostile input cannot
/// exhaust the stack.
struct JSONParser {
    /// The deepest nesting accepted, as Foundation's decoder.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Parses one JSON text (any value, surrounded by optional whitespace).
    static func parse(_ data: Data) throws(DecodeError) -> JSONValue {
        let result: Result<JSONValue, DecodeError> = data.withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            return Result { () throws(DecodeError) in
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.index == buffer.count else {
                    throw parser.failure("unexpected data after the JSON value")
                }
                return value
            }
        }
        return try result.get()
    }

    private func failure(_ reason: String) -> DecodeError {
        .custom("invalid JSON at byte \(index): \(reason)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(DecodeError) -> JSONValue {
        guard index < bytes.count else {
            throw failure("unexpected end of data")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character \(Self.describe(bytes[index]))")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(DecodeError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else {
            throw failure("unexpected end of data")
        }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("expected \(word)")
        }
        index += count
        return value
    }

    private mutating func enter() throws(DecodeError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("nesting deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(DecodeError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected \":\" after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else {
                throw failure("unexpected end of data in an object")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw failure("expected \",\" or \"}\" in an object")
            }
        }
    }

    private mutating func parseArray() throws(DecodeError) -> JSONValue {
        try enter()
        var elements: [JSONValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw failure("unexpected end of data in an array")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("expected \",\" or \"]\" in an array")
            }
        }
    }
}

extension JSONParser {
    /// Parses a string starting at its opening quote; the common case without escapes is one UTF-8 validation.
    fileprivate mutating func parseString() throws(DecodeError) -> String {
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                else {
                    throw failure("a string is not valid UTF-8")
                }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                break
            }
            if byte < 0x20 {
                index = end
                throw failure("a control character inside a string")
            }
            end += 1
        }
        guard end < bytes.count else {
            index = end
            throw failure("unterminated string")
        }
        var scratch = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        index = end
        return try parseEscapedString(into: &scratch)
    }

    /// Continues a string from its first backslash, collecting the unescaped bytes.
    private mutating func parseEscapedString(into scratch: inout [UInt8]) throws(DecodeError) -> String {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw failure("a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case ..<0x20:
                throw failure("a control character inside a string")
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(DecodeError) {
        guard index + 1 < bytes.count else {
            throw failure("unterminated escape")
        }
        let escaped = bytes[index + 1]
        index += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw failure("an unpaired UTF-16 surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("an unpaired UTF-16 surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("an unpaired UTF-16 surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw failure("an invalid \\u escape")
            }
            scratch.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw failure("an invalid escape \\\(Self.describe(escaped))")
        }
    }

    private mutating func parseHex4() throws(DecodeError) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw failure("unterminated \\u escape")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONTapeStrings.hexDigit(bytes[index]) else {
                throw failure("an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Parses a number with the grammar of RFC 8259 §6: an integer that fits in `Int` is `.int`, anything else
    /// (a fraction, an exponent, a larger integer, `-0`) `.double`.
    fileprivate mutating func parseNumber() throws(DecodeError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative {
            index += 1
        }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw failure("a number without digits")
        }
        var integer = 0
        var fitsInt = true
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw failure("a number with a leading zero")
            }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) {
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                if fitsInt {
                    let (times10, overflow1) = integer.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) =
                        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                    fitsInt = !(overflow1 || overflow2)
                    integer = next
                }
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try skipDigits("a fraction without digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try skipDigits("an exponent without digits")
        }
        // `-0` keeps its sign as a `.double`: `Int` has no negative zero.
        if isInteger, fitsInt, !(negative && integer == 0) {
            return .int(integer)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is out of range")
        }
        return .double(value)
    }

    private mutating func skipDigits(_ reason: String) throws(DecodeError) {
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw failure(reason)
        }
        while index < bytes.count, Self.isDigit(bytes[index]) {
            index += 1
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    fileprivate static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : String(format: "0x%02X", byte)
    }
}
