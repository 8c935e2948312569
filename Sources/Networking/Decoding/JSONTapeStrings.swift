import Foundation

/// Turns a ``JSONTape``'s string and number texts into Swift values, with Foundation's `JSONDecoder` results.
enum JSONTapeStrings {
    /// The string of a string entry (its text was checked by the parser).
    static func string(_ entry: JSONTape.Entry, in tape: JSONTape) -> String {
        let text = tape.text(of: entry)
        guard entry.flag else {
            return String(decoding: text, as: UTF8.self)
        }
        return unescaped(text)
    }

    /// Whether a string entry (a key) equals `key`: byte by byte for plain ASCII keys, else as Swift strings
    /// (canonical equivalence, as Foundation's dictionary of keys compares them).
    static func key(_ entry: JSONTape.Entry, in tape: JSONTape, equals key: String, keyIsASCII: Bool) -> Bool {
        guard !entry.flag, keyIsASCII else {
            return string(entry, in: tape) == key
        }
        let text = tape.text(of: entry)
        var key = key
        return key.withUTF8 { utf8 in
            guard utf8.count == text.count, let keyBytes = utf8.baseAddress, let textBytes = text.baseAddress else {
                return utf8.count == text.count
            }
            return memcmp(keyBytes, textBytes, text.count) == 0
        }
    }

    /// The value of four hex digits at `index`, or `nil`.
    static func hexUnit(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else {
            return nil
        }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = hexDigit(bytes[index + offset]) else {
                return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// The value of one hex digit (either case), or `nil`.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A string with its escapes resolved (checked by the parser: every `\u` surrogate is paired).
    private static func unescaped(_ text: UnsafeRawBufferPointer) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < text.count else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexUnit(text, at: index) ?? 0xFFFD)
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF, let low = hexUnit(text, at: index + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    index += 6
                }
                utf8.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [0xEF, 0xBF, 0xBD])
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// A number entry as a signed 64-bit integer: only a text without fraction or exponent that fits, else `nil`
    /// (Foundation also takes `1.0` or `1e3` for an integer; such texts go to it). Not generic: a generic parser
    /// ran unspecialized inside the generic containers, several times slower.
    static func signed(_ entry: JSONTape.Entry, in tape: JSONTape) -> Int64? {
        guard entry.kind == .number, entry.flag else {
            return nil
        }
        let text = tape.text(of: entry)
        let negative = text[0] == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowShift, !overflowAdd else {
                return nil
            }
            value = next
        }
        return value
    }

    /// A number entry as an unsigned 64-bit integer (no sign, no fraction, no exponent), else `nil`.
    static func unsigned(_ entry: JSONTape.Entry, in tape: JSONTape) -> UInt64? {
        guard entry.kind == .number, entry.flag else {
            return nil
        }
        let text = tape.text(of: entry)
        guard text[0] != UInt8(ascii: "-") else {
            return nil  // "-0" is 0 to Foundation; left to it
        }
        var value: UInt64 = 0
        for byte in text {
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = shifted.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else {
                return nil
            }
            value = next
        }
        return value
    }

    /// A number entry as a `Double`, correctly rounded; `nil` for a value out of range (Foundation refuses them).
    static func double(_ entry: JSONTape.Entry, in tape: JSONTape) -> Double? {
        guard entry.kind == .number else {
            return nil
        }
        let text = tape.text(of: entry)
        if let exact = exactDouble(text) {
            return exact
        }
        return checked(Double(String(decoding: text, as: UTF8.self)), text)
    }

    /// A number entry as a `Float`, rounded once from the text as Foundation does.
    static func float(_ entry: JSONTape.Entry, in tape: JSONTape) -> Float? {
        guard entry.kind == .number else {
            return nil
        }
        let text = tape.text(of: entry)
        return checked(Float(String(decoding: text, as: UTF8.self)), text)
    }

    /// Refuses what Foundation refuses: infinities, and a zero that Foundation's check does not call a true zero.
    private static func checked<F: BinaryFloatingPoint>(_ value: F?, _ text: UnsafeRawBufferPointer) -> F? {
        guard let value, value.isFinite else {
            return nil
        }
        return value != 0 || isTrueZero(text) ? value : nil
    }

    /// Foundation's test (`JSONDecoderImpl.isTrueZero`) that a text read as 0 has no non-zero digit, with its exact
    /// order of looking: four bytes at a time from the front, then the last one to three from the back, deciding at
    /// the first non-zero digit (not zero) or exponent mark (zero). So `0e2` is no zero to it while `0e10` is.
    static func isTrueZero(_ text: UnsafeRawBufferPointer) -> Bool {
        func check(_ byte: UInt8) -> Bool? {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: nil
            }
        }
        var start = 0
        while text.count - start >= 4 {
            for offset in 0..<4 {
                if let decided = check(text[start + offset]) {
                    return decided
                }
            }
            start += 4
        }
        for index in (start..<text.count).reversed() {
            if let decided = check(text[index]) {
                return decided
            }
        }
        return true
    }

    /// The exact value of a short decimal text (at most 15 significant digits, at most 22 fraction digits, no
    /// exponent): the digits are exact in a `Double` and so is the power of ten, so one division rounds correctly.
    /// `nil` for any other text.
    private static func exactDouble(_ text: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative {
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if inFraction {
                    fractionDigits += 1
                }
                guard digits <= 15 else {
                    return nil
                }
            } else {
                return nil  // an exponent
            }
            index += 1
        }
        guard fractionDigits <= 22 else {
            return nil
        }
        var value = Double(mantissa)
        if fractionDigits > 0 {
            value /= powersOfTen[fractionDigits]
        }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }
}
