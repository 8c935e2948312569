import Foundation

extension LogRedaction {
    /// The names of JSON fields whose values are secret unless the logger is told otherwise.
    static let defaultBodyFields: Set<String> = [
        "password", "token", "access_token", "refresh_token", "id_token", "client_secret", "secret", "api_key",
    ]

    /// `body` as it may be printed: in a JSON body, the values of the redacted fields (at any depth)
    /// become `"<redacted>"`; any other body is returned as is.
    func body(_ body: Data) -> Data {
        guard !lowercasedBodyFields.isEmpty, let json = Self.json(body),
            case (let redacted, let changed) = redactFields(in: json), changed,
            let data = try? JSONSerialization.data(withJSONObject: redacted, options: [.sortedKeys])
        else {
            return body
        }
        return data
    }

    /// The string values of redacted fields in a JSON body, to scrub wherever else they appear.
    func fieldSecrets(in body: Data?) -> [String] {
        guard let body, !lowercasedBodyFields.isEmpty, let json = Self.json(body) else {
            return []
        }
        var secrets: [String] = []
        collect(json, into: &secrets)
        return secrets
    }

    private static func json(_ body: Data) -> Any? {
        guard let first = body.first(where: { !" \n\r\t".utf8.contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: body)
    }

    private func redactFields(in value: Any) -> (Any, Bool) {
        switch value {
        case let object as [String: Any]:
            var changed = false
            var result: [String: Any] = [:]
            for (key, member) in object {
                if lowercasedBodyFields.contains(key.lowercased()), !(member is NSNull) {
                    result[key] = Self.placeholder
                    changed = true
                } else {
                    let (redacted, memberChanged) = redactFields(in: member)
                    result[key] = redacted
                    changed = changed || memberChanged
                }
            }
            return (result, changed)
        case let array as [Any]:
            let results = array.map(redactFields)
            return (results.map(\.0), results.contains { $0.1 })
        default:
            return (value, false)
        }
    }

    private func collect(_ value: Any, into secrets: inout [String]) {
        switch value {
        case let object as [String: Any]:
            for (key, member) in object {
                if lowercasedBodyFields.contains(key.lowercased()), let secret = member as? String {
                    secrets.append(secret)
                } else {
                    collect(member, into: &secrets)
                }
            }
        case let array as [Any]:
            for element in array {
                collect(element, into: &secrets)
            }
        default:
            break
        }
    }
}
