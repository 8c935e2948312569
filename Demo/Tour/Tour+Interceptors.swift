import Foundation
import Networking

extension Tour {
    func interceptors() async {
        console.section(5, "Interceptors — a flaky endpoint retried, a token refreshed once")
        var flaky = configuration
        flaky.interceptors = [RetryPolicy(maximumAttempts: 4, baseDelay: 0.2, jitter: false)]
        let stats = StatsRepository(configuration: flaky)
        await step(
            "GET stats (503, 503, then 200)",
            check: { result in
                guard case .success(let stats) = result else { return (false, "\(result)") }
                let requests = servers.books.statsRequestCount
                return (
                    requests == BooksAPI.statsFailures + 1,
                    "\(stats.books) books after \(requests) attempts (waits 0.2 s, 0.4 s)"
                )
            },
            call: { await stats.fetchStats() }
        )

        servers.books.expireSessions()
        let users = UserRepository(configuration: configuration, sessionManager: session)
        let refreshesBefore = servers.books.refreshCount
        await step(
            "5 calls on an expired token",
            check: { (result: Result<[User], RepositoryError>) in
                guard case .success(let signedIn) = result else { return (false, "\(result)") }
                let refreshes = servers.books.refreshCount - refreshesBefore
                return (
                    refreshes == 1 && signedIn.count == 5,
                    "401 → \(refreshes) refresh, \(signedIn.count) calls replayed and signed in"
                )
            },
            call: {
                await withTaskGroup(of: Result<User, RepositoryError>.self) { group in
                    for _ in 0..<5 {
                        group.addTask { await users.fetchCurrentUser() }
                    }
                    var users: [User] = []
                    for await result in group {
                        switch result {
                        case .success(let user): users.append(user)
                        case .failure(let error): return .failure(error)
                        }
                    }
                    return .success(users)
                }
            }
        )
    }
}
