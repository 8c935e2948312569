import Foundation

/// nginx's `stub_status` page (`/nginx-status` on the http listener): its `accepts` counter is the number of
/// connections nginx has accepted, so its rise over a run is how many connections the contender running then
/// opened (one contender runs at a time; this reader's own connection stays open).
final class NginxStatus {
    private let client: RawCurlClient
    private let url: URL

    /// Creates the reader.
    /// - Parameter options: The ports (and the certificate, which the http page does not need).
    init(options: Options) throws {
        let certificate = (try? Data(contentsOf: URL(fileURLWithPath: options.certificatePEMPath))) ?? Data()
        client = try RawCurlClient(pemCertificate: certificate, publicKeyPin: options.publicKeyPin)
        url = Endpoint.of(.http, options).url("nginx-status")
    }

    /// The connections nginx has accepted so far, or `nil` when the page cannot be read.
    func accepts() -> Int? {
        // "Active connections: 1 \nserver accepts handled requests\n 12 12 34 \n..."
        guard let body = try? client.get(url) else {
            return nil
        }
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\n")
        guard lines.count > 2 else {
            return nil
        }
        return lines[2].split(separator: " ").first.flatMap { Int($0) }
    }
}
