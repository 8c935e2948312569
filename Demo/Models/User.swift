/// The signed-in user of the demo API.
struct User: Decodable, Equatable, Sendable {
    var id: Int
    var username: String
    var name: String
}

/// The answer to `POST users/login`.
struct LoginResponse: Decodable, Sendable {
    var token: String
    var user: User
}
