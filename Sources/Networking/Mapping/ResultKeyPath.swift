import Foundation

/// Decodes a value at an envelope's result key path in the same pass that reads the body: the decoder walks
/// the envelope's objects down to the result and decodes only it, so an envelope costs what the bare model
/// costs (measured in BENCHMARKS.md).
enum ResultKeyPath {
    /// Decodes `T` at `envelope`'s key path, or from the whole body without an envelope.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, at envelope: EnvelopeRule?) throws -> T {
        guard let envelope, !envelope.components.isEmpty else {
            return try JSONDecoder.networking.decode(T.self, from: body)
        }
        return try JSONDecoder.networking.decode(AtKeyPath<T>.self, from: body, configuration: envelope.components)
            .value
    }

    /// A value found by walking object keys from the root.
    private struct AtKeyPath<T: Decodable>: DecodableWithConfiguration {
        let value: T

        init(from decoder: any Decoder, configuration components: [String]) throws {
            guard let last = components.last else {
                value = try T(from: decoder)
                return
            }
            var container = try decoder.container(keyedBy: Key.self)
            for component in components.dropLast() {
                container = try container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: component))
            }
            value = try container.decode(T.self, forKey: Key(stringValue: last))
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
