import Foundation

/// Where an envelope's result is.
struct EnvelopeRule: Sendable {
    /// The key path as declared, for messages.
    let keyPath: String
    /// Its components; empty for the whole body.
    let components: [String]

    init(keyPath: String) {
        self.keyPath = keyPath
        components =
            keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Why the key path cannot be used, or `nil`.
    var problem: String? {
        guard !components.contains(where: \.isEmpty) else {
            return "resultKeyPath \"\(keyPath)\" has an empty component"
        }
        return nil
    }
}

/// An error model and the statuses it applies to.
struct ErrorModelRule: Sendable {
    let statusCodes: Set<Int>?
    let typeName: String
    /// Decodes the body, `nil` when it does not decode.
    let decode: @Sendable (Data) -> (any Sendable)?

    init<E: Decodable & Sendable>(_ type: E.Type, statusCodes: Set<Int>?) {
        self.statusCodes = statusCodes
        typeName = String(describing: type)
        decode = { body in try? JSONDecoder.networking.decode(E.self, from: body) }
    }
}

/// A model and the method and statuses it applies to.
struct ModelRule: Sendable {
    let method: HTTPMethod?
    let statusCodes: Set<Int>?
    let typeName: String
    /// Decodes the body at an envelope's key path (or whole).
    let decode: @Sendable (Data, EnvelopeRule?) throws -> any Sendable

    init<M: Decodable & Sendable>(_ type: M.Type, method: HTTPMethod?, statusCodes: Set<Int>?) {
        self.method = method
        self.statusCodes = statusCodes
        typeName = String(describing: type)
        decode = { body, envelope in try ResultKeyPath.decode(M.self, from: body, at: envelope) }
    }

    /// How specific the rule is for a response it applies to: method and status, method, status, neither.
    var rank: Int {
        (method == nil ? 0 : 2) + (statusCodes == nil ? 0 : 1)
    }

    func applies(to method: HTTPMethod, status: Int) -> Bool {
        (self.method == nil || self.method == method) && (statusCodes?.contains(status) ?? true)
    }
}
