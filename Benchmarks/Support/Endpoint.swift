import Foundation

/// One of the three nginx listeners, as the contenders reach it.
struct Endpoint: Sendable {
    /// How the listener speaks.
    enum Kind: String, Sendable, CaseIterable {
        case http = "http"
        case https = "https/1.1"
        case h2 = "https h2"
    }

    let kind: Kind
    let port: Int

    /// Whether the listener is TLS (the contenders then pin the generated certificate).
    var isSecure: Bool {
        kind != .http
    }

    /// The name in the table: TLS endpoints are always pinned.
    var title: String {
        switch kind {
        case .http: "http"
        case .https: "pinned https/1.1"
        case .h2: "pinned https h2"
        }
    }

    /// Whether wrk can take part (it does not speak HTTP/2).
    var wrkCanRun: Bool {
        kind != .h2
    }

    /// The URL of a served file.
    /// - Parameter path: The file, such as `small.json`.
    func url(_ path: String) -> URL {
        // The literal cannot fail to parse: a fixed scheme, an IP literal and a numeric port.
        URL(string: "\(isSecure ? "https" : "http")://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// The three endpoints of a run.
    /// - Parameter options: The ports.
    static func all(_ options: Options) -> [Endpoint] {
        Kind.allCases.map { of($0, options) }
    }

    /// One endpoint by kind.
    static func of(_ kind: Kind, _ options: Options) -> Endpoint {
        switch kind {
        case .http: Endpoint(kind: kind, port: options.httpPort)
        case .https: Endpoint(kind: kind, port: options.httpsPort)
        case .h2: Endpoint(kind: kind, port: options.h2Port)
        }
    }
}
