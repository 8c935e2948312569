import Foundation

extension LogRedaction {
    /// The string values of credential fields in a JSON body (at any depth), so that they are scrubbed
    /// wherever else they appear in a message (a token echoed in an error description, say).
    func fieldSecrets(in body: Data?) -> [String] {
        guard let body, !credentialFields.words.isEmpty, let json = Self.json(body) else {
            return []
        }
        var secrets: [String] = []
        collect(json, into: &secrets)
        return secrets
    }

    private static func json(_ body: Data) -> Any? {
        let first = body.first { !" \n\r\t".utf8.contains($0) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: body)
    }

    private func collect(_ value: Any, into secrets: inout [String]) {
        switch value {
        case let object as [String: Any]:
            for (key, member) in object {
                if credentialFields.isCredential(key), let secret = member as? String {
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
