import Networking

/// Signing in, and the signed-in user.
final class UserRepository: AbstractRepository, @unchecked Sendable {
    func login(username: String, password: String) async -> Result<LoginResponse, RepositoryError> {
        await performAuthenticationRequest(
            method: .post, path: "users/login", parameters: ["username": username, "password": password])
    }

    func fetchCurrentUser() async -> Result<User, RepositoryError> {
        await performRequest(method: .get, path: "users/me")
    }
}
