/// The body of the demo API's failures: `{"error": "book_not_found", "detail": "..."}`.
struct APIProblem: Decodable, Sendable {
    var error: String
    var detail: String?
}
