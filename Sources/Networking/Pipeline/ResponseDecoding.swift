import Foundation

/// Turns a 2xx response into the caller's type, reporting every decoding failure to the decode-error hook once.
struct ResponseDecoding: Sendable {
    let configuration: NetworkingConfiguration
    let method: HTTPMethod

    /// Decodes `response` as `T`: `EmptyResponse` ignores the body, `Data` and `String` take it raw,
    /// anything else is JSON.
    func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type) -> Result<T, RepositoryError> {
        if let empty = EmptyResponse() as? T {
            return .success(empty)
        }
        if let data = response.body as? T {
            return .success(data)
        }
        if T.self == String.self {
            guard let text = String(validating: response.body, as: UTF8.self) as? T else {
                return fail(.decodeError(.custom("the body is not valid UTF-8 text")), response)
            }
            return .success(text)
        }
        do {
            return .success(try JSONDecoder.networking.decode(T.self, from: response.body))
        } catch let error as DecodingError {
            if Self.isInvalidJSON(error, body: response.body) {
                let source = "\(method) \(response.url.absoluteString) (HTTP \(response.statusCode))"
                let reason =
                    response.body.isEmpty
                    ? "the body of \(source) is empty; expected JSON for \(T.self) (use EmptyResponse for bodiless "
                        + "responses)"
                    : "the body of \(source) is not valid JSON (expected \(T.self))"
                return fail(.jsonError(.custom(reason)), response)
            }
            return fail(.decodeError(DecodeError(error)), response)
        } catch {
            return fail(.decodeError(.custom(String(describing: error))), response)
        }
    }

    /// Runs a manual decoder: a thrown ``DecodeError`` is kept, a `DecodingError` translated, anything else described.
    func decode<T>(_ response: HTTPResponse, with decoder: (Data) throws -> T) -> Result<T, RepositoryError> {
        do {
            return .success(try decoder(response.body))
        } catch let error as DecodeError {
            return fail(.decodeError(error), response)
        } catch let error as DecodingError {
            return fail(.decodeError(DecodeError(error)), response)
        } catch {
            return fail(.decodeError(.custom(String(describing: error))), response)
        }
    }

    /// Reports the failure to the configuration's hook, else the process-wide one, then returns it.
    private func fail<T>(_ error: RepositoryError, _ response: HTTPResponse) -> Result<T, RepositoryError> {
        let decodeError: DecodeError
        switch error {
        case .jsonError(let inner), .decodeError(let inner): decodeError = inner
        default: return .failure(error)
        }
        let failure = DecodeFailure(
            error: decodeError, method: method, url: response.url, statusCode: response.statusCode,
            bodyExcerpt: BodyExcerpt.text(of: response.body, limit: 1024))
        let handler = configuration.decodedErrorHandler ?? DecodedErrorHandler.decodedErrorHandler
        handler(failure)
        return .failure(error)
    }

    /// Whether a decoding error means the body was not JSON at all (rather than JSON of the wrong shape).
    private static func isInvalidJSON(_ error: DecodingError, body: Data) -> Bool {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else {
            return false
        }
        return (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) == nil
    }
}
