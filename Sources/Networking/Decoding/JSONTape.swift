import Foundation

/// A JSON text checked and indexed in one pass: one flat list of entries, a value's members or elements right
/// after it, pointing into the text's bytes. Nothing is converted until a decoder reads it, and what is never
/// read is never converted.
///
/// The parser is at least as strict as Foundation's: RFC 8259 grammar, UTF-8 without a byte-order mark, every
/// string valid UTF-8 with valid escapes (no lone surrogate), at most ``maximumDepth`` levels. A text it refuses
/// is left to `JSONDecoder`, which decides (see ``TapeDecoding``).
final class JSONTape {
    /// One value of the text.
    struct Entry {
        enum Kind: UInt8 {
            case null, `false`, `true`, number, string, array, object
        }

        var kind: Kind
        /// A string with escapes; a number without fraction or exponent; an object whose keys may repeat.
        var flag: Bool
        /// An object with a key that is not plain ASCII (escaped, or bytes of 0x80 and up).
        var hasComplexKeys: Bool
        /// Where the value's text starts: a string's first byte after the quote, a number's first character.
        var start: UInt32
        /// A string's or number's length in bytes (a string's without its quotes).
        var length: UInt32
        /// The members of an object or the elements of an array.
        var count: UInt32
        /// The index of the entry after this value and everything inside it.
        var end: UInt32
    }

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 256

    /// The text's bytes: the caller's buffer while it decodes, a copy of the tape's own once ``ownBytes()`` ran.
    /// Read without exclusivity checks: it changes only in ``ownBytes()``, when no decoder runs.
    @exclusivity(unchecked) private(set) var bytes: UnsafeRawBufferPointer
    private var ownsBytes = false
    /// The values in text order; 0 is the root.
    let entries: [Entry]
    /// Per object entry, the member (0-based) after the last one found by key, where the next lookup starts.
    let cursors: UnsafeMutablePointer<UInt32>
    /// Set by a ``TapeDecoder`` that met something only Foundation's decoder decides: its result is not used.
    var diverged = false
    /// Per large object searched by string (keys that may repeat or are not plain ASCII), its keys and the entry
    /// of each one's first value, made at the first lookup so that lookups stay linear in all.
    private var keyIndexes: [Int: [String: Int]] = [:]
    /// Objects with more members than this get a ``keyIndex(ofObject:)`` instead of a search from the first member.
    static let indexedObjectSize = 16

    /// Parses `bytes`, which the tape points at (no copy) until ``ownBytes()``; `nil` for a text this parser does
    /// not accept.
    init?(parsing bytes: UnsafeRawBufferPointer) {
        guard bytes.count < Int(UInt32.max) else {
            return nil
        }
        var parser = JSONTapeParser(bytes: bytes)
        guard parser.parseDocument() else {
            return nil
        }
        self.bytes = bytes
        entries = parser.entries
        cursors = .allocate(capacity: max(entries.count, 1))
        cursors.initialize(repeating: 0, count: max(entries.count, 1))
    }

    deinit {
        if ownsBytes {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        }
        cursors.deallocate()
    }

    /// Copies the bytes into the tape's own buffer: for a tape that a decoded value or an escaped container keeps
    /// past the caller's buffer (Foundation's decoder does the same).
    func ownBytes() {
        guard !ownsBytes else {
            return
        }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        copy.copyMemory(from: bytes)
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
        ownsBytes = true
    }

    /// The keys of the object at `object`, each with the entry of its first value (Foundation's rule), compared as
    /// Swift strings (canonical equivalence, as Foundation's dictionary of keys).
    func keyIndex(ofObject object: Int) -> [String: Int] {
        if let index = keyIndexes[object] {
            return index
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(Int(entries[object].count))
        var keyIndex = object + 1
        let end = Int(entries[object].end)
        while keyIndex < end {
            let key = JSONTapeStrings.string(entries[keyIndex], in: self)
            if index[key] == nil {
                index[key] = keyIndex + 1
            }
            keyIndex = Int(entries[keyIndex + 1].end)
        }
        keyIndexes[object] = index
        return index
    }

    /// The raw bytes of a string's or number's text.
    func text(of entry: Entry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.length)])
    }
}
