/// How far an upload or a download has got.
///
/// ```swift
/// let result = await repository.performDownload(path: "exports/books.csv", to: destination) { progress in
///     print(progress.fractionCompleted.map { "\(Int($0 * 100)) %" } ?? "\(progress.completedBytes) bytes")
/// }
/// ```
public struct TransferProgress: Sendable, Equatable {
    /// The bytes moved so far.
    public let completedBytes: Int64
    /// The bytes to move in all, or `nil` when unknown (a response without `Content-Length`).
    public let totalBytes: Int64?

    /// Creates a progress report.
    /// - Parameters:
    ///   - completedBytes: The bytes moved so far.
    ///   - totalBytes: The bytes to move in all, or `nil` when unknown.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// `completedBytes / totalBytes` between 0 and 1, or `nil` when the total is unknown; 1 for an empty
    /// transfer.
    public var fractionCompleted: Double? {
        guard let totalBytes else {
            return nil
        }
        guard totalBytes > 0 else {
            return 1
        }
        return min(1, max(0, Double(completedBytes) / Double(totalBytes)))
    }
}
