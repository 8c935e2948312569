import Foundation
import Glibc

/// A TCP port on 127.0.0.1 that is bound but never listens: a connection to it is refused at once, and no
/// other socket (a server started by a test running in parallel) can take the port while this holds it.
package final class ClosedPort {
    /// The port number.
    package let port: Int
    private let descriptor: Int32

    /// Binds an ephemeral port without listening on it.
    package convenience init() throws {
        try self.init(binding: 0)
    }

    /// Binds `port` (0: an ephemeral one) without listening on it. A given port is bound with `SO_REUSEADDR`, so
    /// connections a server closed (in `TIME_WAIT`) do not stand in the way, but a socket listening on the port
    /// still does: binding it succeeds only once no server listens there, which is how a test checks that a
    /// server freed its port, and then holds the port for the rest of the check.
    /// - Parameter port: The port.
    /// - Throws: `POSIXError` (`EADDRINUSE` when a socket listens on `port`).
    package init(binding port: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var reuse: Int32 = 1
        if port != 0 {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            _ = Glibc.close(descriptor)
            throw POSIXError(code)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        _ = Glibc.close(descriptor)
    }
}
