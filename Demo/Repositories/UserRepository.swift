import Networking

/// Signing in, and the signed-in user.
final class UserRepository: AbstractRepository, @unchecked Sendable {
    func login(username: String, password: String) async -> Result<LoginResponse, RepositoryError> {
        await performAuthenticationRequest(
            method: .post, path: "users/login", parameters: ["username": username, "password": password])
    }

    /// Swaps an expired session token for a new one (the session manager's refresh).
    func refresh(expiredToken: String) async -> Result<String, RepositoryError> {
        let result: Result<[String: String], RepositoryError> = await performAuthenticationRequest(
            method: .post, path: "users/refresh", parameters: ["token": expiredToken])
        return result.flatMap { body in
            body["token"].map(Result.success) ?? .failure(.decodeError(.missingKey("token")))
        }
    }

    func fetchCurrentUser() async -> Result<User, RepositoryError> {
        await performRequest(method: .get, path: "users/me")
    }
}
