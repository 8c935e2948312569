import Foundation

/// The JSON file of a ``CookieStorage/file(_:)`` storage: its persistent cookies, written whole, atomically,
/// mode 0600.
enum CookieFile {
    /// The file's content.
    private struct Content: Codable {
        var version: Int
        var cookies: [StoredCookie]
    }

    /// The cookies the file at `url` holds; `nil` when it is missing, unreadable or not a cookie file.
    static func read(_ url: URL) -> [StoredCookie]? {
        guard let data = try? Data(contentsOf: url) else {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(Content.self, from: data).cookies
    }

    /// Replaces the file at `url` with `cookies` (a 0600 temporary file renamed over it).
    static func write(_ cookies: [StoredCookie], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        try PrivateFile.write(encoder.encode(Content(version: 1, cookies: cookies)), to: url)
    }
}
