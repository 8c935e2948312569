import Foundation
import Glibc

/// POSIX socket helpers for ``MockServer``: the listening socket and waiting for readiness.
enum MockServerSocket {
    /// How long one wait lasts before the caller checks again whether the server stopped.
    static let pollInterval: Int32 = 50

    /// Opens a non-blocking socket listening on 127.0.0.1 on an ephemeral port.
    /// - Returns: The socket and its port.
    static func listen() throws -> (socket: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        var one: Int32 = 1
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
                    && bind(fd, address, length) == 0
                    && Glibc.listen(fd, 128) == 0
                    && getsockname(fd, address, &length) == 0
                    && setNonBlocking(fd)
            }
        }
        guard bound else {
            let error = failure("bind/listen on 127.0.0.1")
            close(fd)
            throw error
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Closes a listening socket that was never handed to a server.
    static func closeListener(_ fd: Int32) -> Bool {
        close(fd) == 0
    }

    /// Makes a socket non-blocking.
    static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    /// Sets TCP_NODELAY so small and throttled writes leave at once.
    static func disableNagle(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Waits up to one poll interval for `events` on `fd`.
    /// - Returns: The events that occurred; empty on timeout.
    static func wait(_ fd: Int32, for events: Int16) -> Int16 {
        wait(fd, for: events, milliseconds: pollInterval)
    }

    /// Waits up to `milliseconds` for `events` on `fd`.
    /// - Returns: The events that occurred; empty on timeout.
    static func wait(_ fd: Int32, for events: Int16, milliseconds: Int32) -> Int16 {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        let result = poll(&descriptor, 1, max(0, milliseconds))
        return result > 0 ? descriptor.revents : 0
    }

    private static func failure(_ call: String) -> MockServerError {
        MockServerError(code: .socket, message: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
