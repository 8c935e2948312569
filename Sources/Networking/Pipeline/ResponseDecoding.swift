import Foundation

/// Turns a 2xx response into the caller's type, reporting every decoding failure to the decode-error hook once.
struct ResponseDecoding: Sendable {
    let configuration: NetworkingConfiguration
    let method: HTTPMethod

    /// A decoding failure thrown by a call object's default `parse`, so that `execute` reports it as
    /// `performRequest` would (a body that is not JSON stays a `.jsonError`).
    struct Failure: Error {
        let error: RepositoryError
    }

    /// Decodes `response` as `T`: `EmptyResponse` ignores the body, `Data` and `String` take it raw,
    /// anything else is JSON.
    func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type) -> Result<T, RepositoryError> {
        Self.decoded(response, as: type, method: method).mapError { report($0, response) }
    }

    /// Runs a manual decoder: a thrown ``DecodeError`` is kept, a `DecodingError` translated, anything else
    /// described.
    func decode<T>(_ response: HTTPResponse, with decoder: (HTTPResponse) throws -> T) -> Result<T, RepositoryError> {
        do {
            return .success(try decoder(response))
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
    static func decoded<T: Decodable>(_ response: HTTPResponse, as type: T.Type, method: HTTPMethod) -> Result<
        T, RepositoryError
    > {
        if let empty = EmptyResponse() as? T {
            return .success(empty)
        }
        if let data = response.body as? T {
            return .success(data)
        }
        if T.self == String.self {
            guard let text = String(validating: response.body, as: UTF8.self) as? T else {
                return .failure(.decodeError(.custom("the body is not valid UTF-8 text")))
            }
            return .success(text)
        }
        do {
            return .success(try JSONDecoder.networking.decode(T.self, from: response.body))
        } catch let error as DecodingError {
            guard isInvalidJSON(error, body: response.body) else {
                return .failure(.decodeError(DecodeError(error)))
            }
            let source = "\(method) \(response.url.absoluteString) (HTTP \(response.statusCode))"
            let reason =
                response.body.isEmpty
                ? "the body of \(source) is empty; expected JSON for \(T.self) (use EmptyResponse for bodiless "
                    + "responses)"
                : "the body of \(source) is not valid JSON (expected \(T.self))"
            return .failure(.jsonError(.custom(reason)))
        } catch {
            return .failure(.decodeError(.custom(String(describing: error))))
        }
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
