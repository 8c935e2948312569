public import Foundation

/// A response body saved to disk by ``AbstractRepository/performDownload(method:path:parameters:headers:to:progress:)``.
public struct DownloadedFile: Sendable {
    /// The destination, complete.
    public let location: URL
    /// The size of the file in bytes.
    public let byteCount: Int64
    /// The response's status and headers; its body is empty (it is in the file).
    public let response: HTTPResponse

    /// Creates a record of a downloaded file.
    /// - Parameters:
    ///   - location: The file.
    ///   - byteCount: Its size in bytes.
    ///   - response: The response, with an empty body.
    public init(location: URL, byteCount: Int64, response: HTTPResponse) {
        self.location = location
        self.byteCount = byteCount
        self.response = response
    }
}
