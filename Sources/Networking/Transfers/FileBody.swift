import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Checks on the files a request reads its body from.
enum FileBody {
    /// Throws unless `url` is a regular file this process can read.
    /// - Parameters:
    ///   - url: The file.
    ///   - role: What the file is for, for the message (`"upload file"`, `"multipart file"`).
    static func validate(_ url: URL, role: String) throws(RepositoryError) {
        guard url.isFileURL else {
            throw .invalidParameters("\(role) \(url.absoluteString) is not a file URL")
        }
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw .invalidParameters("\(role) \(url.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .invalidParameters("\(role) \(url.path) is not a regular file")
        }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .invalidParameters("\(role) \(url.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    /// The size of the file at `url` in bytes, or `nil` when it cannot be read.
    static func size(of url: URL) -> Int64? {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            return nil
        }
        return Int64(status.st_size)
    }
}
