import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The destination of a download and the temporary file beside it that receives the body.
struct DownloadTarget: Sendable {
    let destination: URL
    let temporary: URL

    /// Checks the destination: its folder must exist and it must not be a folder itself.
    static func prepare(_ destination: URL) -> Result<DownloadTarget, RepositoryError> {
        guard destination.isFileURL else {
            return .failure(.invalidParameters("download destination \(destination.absoluteString) is not a file URL"))
        }
        let folder = destination.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(
                .invalidParameters("the folder of download destination \(destination.path) does not exist"))
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue {
            return .failure(.invalidParameters("download destination \(destination.path) is a folder"))
        }
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).download")
        return .success(DownloadTarget(destination: destination, temporary: temporary))
    }

    /// Moves the downloaded body into place. A transport that streamed it left it in the temporary file; one that
    /// did not returned it in the response, written here.
    func complete(with response: HTTPResponse) -> Result<DownloadedFile, RepositoryError> {
        do {
            if !FileManager.default.fileExists(atPath: temporary.path) {
                try response.body.write(to: temporary)
            }
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            discard()
            return .failure(
                .invalidParameters(
                    "the download could not be saved to \(destination.path): \(error.localizedDescription)"))
        }
        let size = FileBody.size(of: destination) ?? 0
        let headersOnly = HTTPResponse(
            statusCode: response.statusCode, headers: response.headers, body: Data(), url: response.url)
        return .success(DownloadedFile(location: destination, byteCount: size, response: headersOnly))
    }

    /// Removes the temporary file, if any.
    func discard() {
        unlink(temporary.path)
    }
}
