package import Foundation

extension JSONDecoder {
    /// The decoder repositories use: ISO 8601 dates (with or without fractional seconds).
    package static let networking: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = ISO8601.parse(text) {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
        }
        return decoder
    }()
}

extension JSONEncoder {
    /// The encoder repositories use for bodies: ISO 8601 dates, sorted keys. Shared: it is never reconfigured.
    package static let networking: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
