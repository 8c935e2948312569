import Foundation
import Networking

/// A response read by ``TestHTTPClient``.
struct TestHTTPResponse {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}
