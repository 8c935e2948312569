import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes files readable only by their owner, atomically: the data never exists in a file of wider mode.
enum PrivateFile {
    /// Writes `data` to a 0600 temporary file beside `url`, then renames it over `url`.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let written = data.withUnsafeBytes { buffer in
            buffer.baseAddress.map { Glibc.write(descriptor, $0, buffer.count) } ?? 0
        }
        let closed = close(descriptor)
        guard written == data.count, closed == 0, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
