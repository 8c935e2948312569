import Foundation
import Networking
import NetworkingTestKit
import Testing

extension MockGOMServer {
    /// Sends one request to the GOM with ``CurlTransport`` (which follows no redirect), as a GOM client would: JSON
    /// accepted, XML bodies.
    func send(
        _ method: HTTPMethod, _ path: String, xml: String? = nil, host: String = "127.0.0.1",
        headers: [String: String]? = nil
    ) async throws -> HTTPResponse {
        let scheme = server.certificate == nil ? "http" : "https"
        let url = try #require(URL(string: "\(scheme)://\(host):\(port)\(path)"))
        var fields = headers ?? ["Accept": "application/json"]
        if xml != nil && headers == nil {
            fields["Content-Type"] = "application/xml"
        }
        let pinning = server.certificateDER.map { PinnedCertificates.certificates([$0]) }
        var request = HTTPRequest(
            method: method, url: url, headers: HTTPHeaders(fields), body: xml.map { Data($0.utf8) }, timeout: 10,
            pinning: pinning)
        request.followsRedirects = false
        return try await CurlTransport.shared.send(request)
    }

    /// `PUT` of an attribute's value.
    func put(_ path: String, value: String) async throws -> HTTPResponse {
        try await send(.put, path, xml: #"<attribute type="string">\#(value)</attribute>"#)
    }
}
