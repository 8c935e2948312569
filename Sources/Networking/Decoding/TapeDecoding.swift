package import Foundation

/// How repositories decode JSON bodies: a ``JSONTape`` and a ``TapeDecoder`` first, and Foundation's
/// `JSONDecoder.networking` whenever they cannot say for sure what it would return.
///
/// The result is always Foundation's, value or error: the fast decoder returns a value only on a path where it
/// follows Foundation's rules exactly, and anything else (a text it does not take, a `Decimal`, a number like `1.0`
/// for an integer, any mismatch, even one the model caught) hands the body to `JSONDecoder`. A model that fails
/// throws the same `DecodingError`, coding path included, as it did before. Measured in BENCHMARKS.md: a small
/// record decodes in a third of `JSONDecoder`'s time.
package enum TapeDecoding {
    /// Decodes `T` from `body`, at `keyPath` (object keys from the root; empty for the whole body).
    /// - Throws: What `JSONDecoder.networking` throws for the body (`AtKeyPath` errors for a key path).
    package static func decode<T: Decodable>(_ type: T.Type, from body: Data, at keyPath: [String] = []) throws -> T {
        if let value = try fastDecode(type, from: body, at: keyPath) {
            return value
        }
        return try foundationDecode(type, from: body, at: keyPath)
    }

    /// The fast decoder's value, or `nil` when Foundation must decide.
    /// - Throws: Only an error the model's own code threw (Foundation would throw it too).
    static func fastDecode<T: Decodable>(_ type: T.Type, from body: Data, at keyPath: [String] = []) throws -> T? {
        try body.withUnsafeBytes { bytes -> T? in
            guard var tape = JSONTape(parsing: bytes) else {
                return nil
            }
            let result = Result { try decodeRoot(type, from: tape, at: keyPath) }
            if !isKnownUniquelyReferenced(&tape) {
                // The value kept a container or decoder, which could be read later and fail where Foundation's
                // would not: Foundation decodes. The kept one stops pointing into `body`, so reading it stays safe.
                tape.ownBytes()
                return nil
            }
            switch result {
            case .success(let value): return tape.diverged ? nil : value
            case .failure(let error) where !tape.diverged: throw error  // the model's own error: Foundation's too
            case .failure: return nil
            }
        }
    }

    /// Decodes with a decoder that is gone when this returns (so that only what the value kept holds the tape).
    private static func decodeRoot<T: Decodable>(_ type: T.Type, from tape: JSONTape, at keyPath: [String]) throws -> T
    {
        try TapeDecoder(tape: tape).decodeRoot(type, at: keyPath)
    }

    /// What `JSONDecoder.networking` returns for the same call.
    static func foundationDecode<T: Decodable>(_ type: T.Type, from body: Data, at keyPath: [String]) throws -> T {
        guard !keyPath.isEmpty else {
            return try JSONDecoder.networking.decode(T.self, from: body)
        }
        return try JSONDecoder.networking.decode(AtKeyPath<T>.self, from: body, configuration: keyPath).value
    }

    /// A value found by walking object keys from the root.
    private struct AtKeyPath<T: Decodable>: DecodableWithConfiguration {
        let value: T

        init(from decoder: any Decoder, configuration components: [String]) throws {
            guard let last = components.last else {
                value = try T(from: decoder)
                return
            }
            var container = try decoder.container(keyedBy: TapeKey.self)
            for component in components.dropLast() {
                container = try container.nestedContainer(
                    keyedBy: TapeKey.self, forKey: TapeKey(stringValue: component))
            }
            value = try container.decode(T.self, forKey: TapeKey(stringValue: last))
        }
    }
}

extension TapeDecoder {
    /// Decodes `T` at `keyPath` from the root, as `AtKeyPath` does through Foundation.
    func decodeRoot<T: Decodable>(_ type: T.Type, at keyPath: [String]) throws -> T {
        var index = 0
        var path: TapePath?
        for component in keyPath {
            guard entry(index).kind == .object else {
                throw diverge("not an object", at: path)
            }
            let container = TapeKeyedContainer<TapeKey>(decoder: self, object: index, path: path)
            let key = TapeKey(stringValue: component)
            guard let value = container.valueIndex(forKey: key) else {
                throw diverge("no value for key \"\(component)\"", at: path)
            }
            index = value
            path = TapePath(parent: path, key: key)
        }
        return try unwrap(index, as: type, path: path)
    }
}
