/// The answer to `GET stats`.
struct Stats: Decodable, Sendable {
    var books: Int
    var requests: Int
}
