import Foundation

/// Decodes a value at an envelope's result key path in the same pass that reads the body: the decoder walks
/// the envelope's objects down to the result and decodes only it, so an envelope costs what the bare model
/// costs (measured in BENCHMARKS.md).
enum ResultKeyPath {
    /// Decodes `T` at `envelope`'s key path, or from the whole body without an envelope (``TapeDecoding``: the
    /// result, value or error, is `JSONDecoder.networking`'s).
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, at envelope: EnvelopeRule?) throws -> T {
        try TapeDecoding.decode(T.self, from: body, at: envelope?.components ?? [])
    }
}
