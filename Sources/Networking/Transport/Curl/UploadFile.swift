import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file streamed as a request body: opened when the transfer is configured, read by curl's read callback
/// on the loop thread, rewound by its seek callback when curl must send the body again (a retried connection).
final class UploadFile {
    let url: URL
    /// The size when opened, announced to the server as `Content-Length`.
    let size: Int64
    private let descriptor: Int32

    /// Opens `url` for reading.
    /// - Throws: ``RepositoryError/invalidParameters(_:)`` naming the file when it cannot be read.
    init(_ url: URL) throws(RepositoryError) {
        try FileBody.validate(url, role: "upload file")
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 {
                close(descriptor)
            }
            throw .invalidParameters("upload file \(url.path) cannot be read: \(reason)")
        }
        self.url = url
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes.
    /// - Returns: The bytes read, 0 at the end, or `nil` on a read error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress else {
            return 0
        }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 {
                return count
            }
            guard errno == EINTR else {
                return nil
            }
        }
    }

    /// Moves to `offset` from the start.
    /// - Returns: Whether it could.
    func seek(to offset: Int64) -> Bool {
        lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
    }
}
