import Foundation

/// An envelope's result together with the whole envelope: its metadata, paging and links.
///
/// ```swift
/// let page: Result<Enveloped<[Book]>, RepositoryError> = await performEnvelopedRequest(method: .get, path: "books")
/// if case .success(let page) = page {
///     print(page.result.count, "of", page.root["meta"]?["total"]?.intValue ?? 0)
/// }
/// ```
public struct Enveloped<Value: Sendable>: Sendable {
    /// The result, decoded at the envelope's result key path (the whole body when the path has no envelope).
    public let result: Value
    /// The response as received.
    public let response: HTTPResponse
    private let parsedRoot: ParsedRoot

    init(result: Value, response: HTTPResponse) {
        self.result = result
        self.response = response
        parsedRoot = ParsedRoot(body: response.body)
    }

    /// The whole body: metadata, paging, links.
    ///
    /// Read once on first use and kept: the result was already decoded in one pass over the body, so a large
    /// envelope costs what its bare model costs until its root is wanted.
    public var root: JSONValue {
        parsedRoot.value
    }
}

extension Enveloped: EnvelopedResult {
    var anyResult: any Sendable {
        result
    }
}

/// A value whose envelope's result is what matters to persistence.
protocol EnvelopedResult {
    var anyResult: any Sendable { get }
}

/// The body's JSON tree, parsed on first read.
private final class ParsedRoot: Sendable {
    private let body: Data
    private let parsed = Locked<JSONValue?>(nil)

    init(body: Data) {
        self.body = body
    }

    var value: JSONValue {
        parsed.withLock { parsed in
            if let parsed {
                return parsed
            }
            // The result decoded from this body already, so it is JSON; Foundation's decoder is the fallback
            // for the rare text it accepts and the strict parser does not (a byte order mark).
            let value =
                (try? JSONValue(parsing: body)) ?? (try? JSONDecoder.networking.decode(JSONValue.self, from: body))
                ?? .null
            parsed = value
            return value
        }
    }
}
