import Networking

/// Reports the server prepares asynchronously: the repository polls until one is ready.
final class ReportRepository: AbstractRepository, @unchecked Sendable {
    func generateSalesReport(year: Int) async -> Result<Report, RepositoryError> {
        await performPollingRequest(method: .post, path: "reports", parameters: ["kind": "sales", "year": year])
    }
}
