import Foundation
import Glibc

/// A TCP port on 127.0.0.1 that is bound but never listens: a connection to it is refused at once, and no
/// other socket (a server started by a test running in parallel) can take the port while this holds it.
final class ClosedPort {
    /// The port number.
    let port: Int
    private let descriptor: Int32

    /// Binds an ephemeral port without listening on it.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
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
