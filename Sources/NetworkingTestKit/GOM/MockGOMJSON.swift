import Networking

/// JSON text for ``MockGOMServer``'s answers and frames, written by hand: the shapes are fixed, and a notification
/// should cost microseconds.
enum MockGOMJSON {
    /// `text` as a JSON string literal, quotes included.
    static func quote(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 2)
        JSONStringLiteral.append(text, to: &result)
        return result
    }

    /// A JSON string literal, or `null`.
    static func quote(_ text: String?) -> String {
        text.map { quote($0) } ?? "null"
    }

    /// `{"error": message, "path": path}`.
    static func error(_ message: String, path: String) -> String {
        "{\"error\":\(quote(message)),\"path\":\(quote(path))}"
    }

    /// `{"status": status}`.
    static func status(_ status: Int) -> String {
        "{\"status\":\(status)}"
    }

    /// A GNP frame: `{"path": P, key: "<JSON text>"}`, the inner JSON double-encoded as a string.
    static func frame(path: String, key: String, json: String) -> String {
        "{\"path\":\(quote(path)),\"\(key)\":\(quote(json))}"
    }
}
