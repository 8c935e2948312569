import Foundation

extension CachedResponse {
    /// The first bytes of every entry file.
    private static let magic = Data("NWCACHE1".utf8)

    /// What an entry file holds besides the body.
    private struct Metadata: Codable {
        var name: String
        var statusCode: Int
        var url: URL
        var headers: [[String]]
        var varyValues: [String: String]
        var requestTime: Double
        var responseTime: Double
        var bodyLength: Int
    }

    /// The entry as file bytes: magic, the metadata's length (4 bytes, big-endian), the metadata as JSON, the
    /// body.
    /// - Parameter name: The entry's key name, stored to check the file against its name when read back.
    func encoded(name: String) throws -> Data {
        let metadata = Metadata(
            name: name, statusCode: statusCode, url: url, headers: headers.map { [$0.name, $0.value] },
            varyValues: varyValues, requestTime: requestTime.timeIntervalSince1970,
            responseTime: responseTime.timeIntervalSince1970, bodyLength: body.count)
        let json = try JSONEncoder().encode(metadata)
        var data = Self.magic
        withUnsafeBytes(of: UInt32(json.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(json)
        data.append(body)
        return data
    }

    /// Reads back what ``encoded(name:)`` wrote, or `nil` when the bytes are not a whole entry named `name`
    /// (truncated, corrupt, from another version, renamed).
    static func decoded(_ data: Data, name: String) -> CachedResponse? {
        let bytes = [UInt8](data)
        let start = magic.count + 4
        guard bytes.count >= start, Data(bytes[0..<magic.count]) == magic else {
            return nil
        }
        let length = bytes[magic.count..<start].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - start,
            let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(bytes[start..<start + length])),
            metadata.name == name, metadata.bodyLength == bytes.count - start - length,
            metadata.headers.allSatisfy({ $0.count == 2 })
        else {
            return nil
        }
        return CachedResponse(
            statusCode: metadata.statusCode,
            headers: HTTPHeaders(fields: metadata.headers.map { (name: $0[0], value: $0[1]) }),
            body: Data(bytes[(start + length)...]), url: metadata.url, varyValues: metadata.varyValues,
            requestTime: Date(timeIntervalSince1970: metadata.requestTime),
            responseTime: Date(timeIntervalSince1970: metadata.responseTime))
    }
}
