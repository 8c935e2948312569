import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a transfer's response body goes. In memory unless the request names a ``HTTPRequest/responseBodyFile``;
/// then a 2xx body is written to that file as it arrives, and any other body (an error, a redirect) is kept in
/// memory up to ``errorBodyLimit`` bytes, the rest read and dropped. Used on the loop thread only.
struct ResponseBodySink {
    /// How much of a non-2xx body a download keeps.
    static let errorBodyLimit = 1 << 20

    private enum Destination {
        case undecided
        case memory
        case file(Int32)
    }

    private let file: URL?
    private var destination = Destination.undecided
    /// The body kept in memory.
    private(set) var data = Data()
    /// The bytes written to the file.
    private(set) var fileBytes: Int64 = 0
    /// Why writing the file failed, once it has.
    private(set) var failure: TransportError?

    init(file: URL?) {
        self.file = file
    }

    /// Whether body bytes go to memory, where the response-size ceiling applies to them.
    var countsAgainstCeiling: Bool {
        if case .file = destination { false } else { file == nil }
    }

    /// Takes body bytes.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - status: The status of the response they belong to, read when the first bytes arrive.
    /// - Returns: Whether the transfer goes on (false once the file cannot be written).
    mutating func receive(_ bytes: UnsafeRawBufferPointer, status: () -> Int) -> Bool {
        if case .undecided = destination {
            destination = decide(status: status())
            if failure != nil {
                return false
            }
        }
        switch destination {
        case .file(let descriptor):
            return write(bytes, to: descriptor)
        case .memory where file != nil:
            let room = max(0, Self.errorBodyLimit - data.count)
            data.append(contentsOf: bytes.prefix(room))
            return true
        default:
            data.append(contentsOf: bytes)
            return true
        }
    }

    /// Closes the file, if one was opened; a 2xx response without a body still leaves an empty file.
    /// - Parameter status: The final status.
    mutating func finish(status: Int) {
        if case .undecided = destination, (200..<300).contains(status) {
            destination = decide(status: status)
        }
        if case .file(let descriptor) = destination {
            if close(descriptor) != 0, failure == nil {
                failure = writeFailure()
            }
            destination = .memory
        }
    }

    private mutating func decide(status: Int) -> Destination {
        guard let file, (200..<300).contains(status) else {
            return .memory
        }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            failure = writeFailure()
            return .memory
        }
        return .file(descriptor)
    }

    private mutating func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                guard errno == EINTR else {
                    failure = writeFailure()
                    return false
                }
                continue
            }
            offset += written
        }
        fileBytes += Int64(bytes.count)
        return true
    }

    private func writeFailure() -> TransportError {
        TransportError(
            code: .other,
            message:
                "could not write the response body to \(file?.path ?? "a file"): \(String(cString: strerror(errno)))")
    }
}
