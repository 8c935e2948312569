import Foundation

/// The directives of a `Cache-Control` header (RFC 9111 §5.2), request or response; names are lowercased and
/// quoted values unquoted. A repeated directive keeps its first value.
struct CacheControl: Sendable, Equatable {
    private var directives: [String: String?] = [:]

    /// Parses every `Cache-Control` field of `headers`.
    /// - Parameter headers: Request or response header fields.
    init(_ headers: HTTPHeaders) {
        for field in headers.values(for: "Cache-Control") {
            for part in HeaderList.members(field) {
                // Empty pieces kept: `=` or `max-age=60,=` from a hostile server must not index an empty array.
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let first = pieces.first else {
                    continue
                }
                let name = first.trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty, directives[name] == nil else {
                    continue
                }
                let value: String? =
                    pieces.count > 1 ? HeaderList.unquoted(pieces[1].trimmingCharacters(in: .whitespaces)) : nil
                // `.some`: a directive without a value is present, not removed.
                directives[name] = .some(value)
            }
        }
    }

    /// Whether the directive `name` is present, with or without a value.
    func has(_ name: String) -> Bool {
        directives[name] != nil
    }

    /// The directive's value as delta-seconds, or `nil` when absent or not a number; a value too large for an
    /// `Int` is the largest (RFC 9111 §1.2.2).
    func seconds(_ name: String) -> TimeInterval? {
        guard let value = directives[name] ?? nil, !value.isEmpty, value.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        return TimeInterval(Int(value) ?? Int(Int32.max))
    }

    var noStore: Bool { has("no-store") }
    var noCache: Bool { has("no-cache") }
    var mustRevalidate: Bool { has("must-revalidate") }
    var onlyIfCached: Bool { has("only-if-cached") }
    var maxAge: TimeInterval? { seconds("max-age") }
    var minFresh: TimeInterval? { seconds("min-fresh") }

    /// How stale a response the request accepts: `nil` without `max-stale`, infinity for `max-stale` without a
    /// value, else its seconds.
    var maxStale: TimeInterval? {
        guard has("max-stale") else {
            return nil
        }
        return seconds("max-stale") ?? .infinity
    }

    /// Whether a response to a request with `Authorization` may be stored (RFC 9111 §3.5, as issue 16 reads it).
    var allowsAuthorizedStorage: Bool {
        has("public") || has("private") || has("must-revalidate") || has("s-maxage")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
