import Networking

/// The API's statistics, behind an endpoint that answers 503 while it warms up: its configuration carries a
/// `RetryPolicy`.
final class StatsRepository: AbstractRepository, @unchecked Sendable {
    func fetchStats() async -> Result<Stats, RepositoryError> {
        await performRequest(method: .get, path: "stats")
    }
}
