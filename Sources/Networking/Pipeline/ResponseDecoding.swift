import Foundation

/// Turns a 2xx response into the caller's type (at the envelope's result key path when the
/// ``ResponseMapping`` declares one for its path), reporting every decoding failure to the decode-error hook
/// once and handing every decoded value to the repository's ``DecodedResultSink``.
struct ResponseDecoding: Sendable {
    /// What every call of a repository decodes with: made once per repository, so that a call's decoding copies
    /// one reference, not the configuration.
    final class Settings: Sendable {
        let configuration: NetworkingConfiguration
        let mapping: ResolvedResponseMapping
        let sink: (any DecodedResultSink)?

        init(configuration: NetworkingConfiguration, mapping: ResolvedResponseMapping, sink: (any DecodedResultSink)?) {
            self.configuration = configuration
            self.mapping = mapping
            self.sink = sink
        }
    }

    let settings: Settings
    let method: HTTPMethod
    /// The call's path as the mapping matches it (``ResolvedResponseMapping/resourcePath(ofCall:)``).
    let resourcePath: String

    var configuration: NetworkingConfiguration { settings.configuration }
    var mapping: ResolvedResponseMapping { settings.mapping }
    var sink: (any DecodedResultSink)? { settings.sink }

    /// A decoding failure thrown by a call object's default `parse`, so that `execute` reports it as
    /// `performRequest` would (a body that is not JSON stays a `.jsonError`).
    struct Failure: Error {
        let error: RepositoryError
    }

    /// Decodes `response` as `T`: `EmptyResponse` ignores the body, `Data` and `String` take it raw,
    /// anything else is JSON.
    func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type) -> Result<T, RepositoryError> {
        // A switch, not `.mapError(…).map(deliver)`: each of those closures captured this value in a new context.
        switch Self.decoded(response, as: type, method: method, envelope: mapping.envelope(for: resourcePath)) {
        case .success(let value): .success(deliver(value))
        case .failure(let error): .failure(report(error, response))
        }
    }

    /// Decodes `response` as an envelope whose result is a `T`.
    func decodeEnveloped<T: Decodable & Sendable>(_ response: HTTPResponse, as type: T.Type) -> Result<
        Enveloped<T>, RepositoryError
    > {
        Self.decoded(response, as: type, method: method, envelope: mapping.envelope(for: resourcePath))
            .map { Enveloped(result: $0, response: response) }
            .mapError { report($0, response) }
            .map(deliver)
    }

    /// Decodes `response` as the model the mapping declares for its path, method and status.
    func decodeMapped(_ response: HTTPResponse) -> Result<any Sendable, RepositoryError> {
        guard let rule = mapping.model(for: response, method: method, path: resourcePath) else {
            let path = resourcePath
            let reason =
                "responseMapping maps no model for \(method) \"\(path)\" (HTTP \(response.statusCode), "
                + "\(response.url.absoluteString))"
            return .failure(report(.decodeError(.custom(reason)), response))
        }
        let envelope = mapping.envelope(for: resourcePath)
        return Self.decodedJSON(response, typeName: rule.typeName, method: method) {
            try rule.decode(response.body, envelope)
        }
        .mapError { report($0, response) }
        .map(deliver)
    }

    /// Runs a manual decoder: a thrown ``DecodeError`` is kept, a `DecodingError` translated, anything else
    /// described.
    func decode<T>(_ response: HTTPResponse, with decoder: (HTTPResponse) throws -> T) -> Result<T, RepositoryError> {
        do {
            return .success(deliver(try decoder(response)))
        } catch let failure as Failure {
            return .failure(report(failure.error, response))
        } catch let error as DecodeError {
            return .failure(report(.decodeError(error), response))
        } catch let error as DecodingError {
            return .failure(report(.decodeError(DecodeError(error)), response))
        } catch {
            return .failure(report(.decodeError(.custom(String(describing: error))), response))
        }
    }

    /// Decodes without reporting: the rules of ``decode(_:as:)``.
    static func decoded<T: Decodable>(
        _ response: HTTPResponse, as type: T.Type, method: HTTPMethod, envelope: EnvelopeRule? = nil
    ) -> Result<T, RepositoryError> {
        // Metatype comparisons first: a conditional cast (`as? T`) asks the runtime, which costs more per call
        // than everything else here for a small model.
        if T.self == EmptyResponse.self || T.self == EmptyResponse?.self, let empty = EmptyResponse() as? T {
            return .success(empty)
        }
        if T.self == Data.self || T.self == Data?.self, let data = response.body as? T {
            return .success(data)
        }
        if T.self == String.self {
            guard let text = String(validating: response.body, as: UTF8.self) as? T else {
                return .failure(.decodeError(.custom("the body is not valid UTF-8 text")))
            }
            return .success(text)
        }
        return decodedJSON(response, typeName: "\(T.self)", method: method) {
            try ResultKeyPath.decode(T.self, from: response.body, at: envelope)
        }
    }

    /// Runs a JSON decode, telling a body that is not JSON (`.jsonError`) from JSON of the wrong shape
    /// (`.decodeError` with the coding path).
    /// `typeName` is worked out only for the message of a failure: printing a type asks the runtime to demangle its
    /// name, which cost more than decoding a small model.
    private static func decodedJSON<Value>(
        _ response: HTTPResponse, typeName: @autoclosure () -> String, method: HTTPMethod, decode: () throws -> Value
    ) -> Result<Value, RepositoryError> {
        do {
            return .success(try decode())
        } catch let error as DecodingError {
            guard isInvalidJSON(error, body: response.body) else {
                return .failure(.decodeError(DecodeError(error)))
            }
            let source = "\(method) \(response.url.absoluteString) (HTTP \(response.statusCode))"
            let reason =
                response.body.isEmpty
                ? "the body of \(source) is empty; expected JSON for \(typeName()) (use EmptyResponse for bodiless "
                    + "responses)"
                : "the body of \(source) is not valid JSON (expected \(typeName()))"
            return .failure(.jsonError(.custom(reason)))
        } catch {
            return .failure(.decodeError(.custom(String(describing: error))))
        }
    }

    /// Hands a decoded value (an envelope's result) to the repository's sink before the caller gets it.
    private func deliver<Value>(_ value: Value) -> Value {
        if let sink {
            let delivered: any Sendable
            switch value {
            case let enveloped as any EnvelopedResult: delivered = enveloped.anyResult
            case let sendable as any Sendable: delivered = sendable
            default: return value
            }
            sink.accept(delivered, configuration: configuration)
        }
        return value
    }

    /// Reports a decoding failure to the configuration's hook, else the process-wide one, and returns it;
    /// other errors pass unreported.
    func report(_ error: RepositoryError, _ response: HTTPResponse) -> RepositoryError {
        let decodeError: DecodeError
        switch error {
        case .jsonError(let inner), .decodeError(let inner): decodeError = inner
        default: return error
        }
        let failure = DecodeFailure(
            error: decodeError, method: method, url: response.url, statusCode: response.statusCode,
            bodyExcerpt: BodyExcerpt.text(of: response.body, limit: 1024))
        let handler = configuration.decodedErrorHandler ?? DecodedErrorHandler.decodedErrorHandler
        handler(failure)
        return error
    }

    /// Whether a decoding error means the body was not JSON at all (rather than JSON of the wrong shape).
    private static func isInvalidJSON(_ error: DecodingError, body: Data) -> Bool {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else {
            return false
        }
        return (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) == nil
    }
}
