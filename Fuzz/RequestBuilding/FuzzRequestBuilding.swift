import Foundation

@testable import Networking

/// libFuzzer entry point for the URL builder and the parameter encoders. The input is split at `0xFF` bytes
/// into a path and key/value pairs (as lossy UTF-8). A crash is a finding, and so is a broken invariant:
/// - a path that builds keeps the scheme, host, port and subdomain of the base URL;
/// - string parameters sent in the query come back, percent-decoded, exactly as given;
/// - string parameters sent as a JSON body come back, parsed, exactly as given.
/// - Parameters:
///   - data: The input bytes.
///   - size: The number of input bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestBuilding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else {
        return 0
    }
    let fields = UnsafeBufferPointer(start: data, count: size).split(separator: 0xFF, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let path = fields.first ?? ""
    var parameters: [String: String] = [:]
    for index in stride(from: 1, to: fields.count - 1, by: 2) {
        parameters[fields[index]] = fields[index + 1]
    }
    checkPath(path, parameters: parameters)
    checkQuery(parameters)
    checkJSONBody(parameters)
    return 0
}

private let configuration = NetworkingConfiguration(
    useSecureConnection: true, domainURL: "api.example.test", port: 8443, subdomainURL: "/api/v1")
private let builder = RequestBuilder(
    configuration: configuration, baseURL: Result { () throws(RepositoryError) in try configuration.baseURL() },
    defaultHeaders: [:])

private func checkPath(_ path: String, parameters: [String: String]) {
    guard let request = try? builder.build(method: .get, path: path, body: .parameters(parameters), headers: [:])
    else {
        return
    }
    let url = request.url.absoluteString
    guard url.hasPrefix("https://api.example.test:8443/api/v1"), request.url.host() == "api.example.test",
        request.url.port == 8443
    else {
        fatalError("path \(path.debugDescription) escaped the base URL: \(url)")
    }
}

private func checkQuery(_ parameters: [String: String]) {
    let request: HTTPRequest
    do {
        request = try builder.build(method: .get, path: "items", body: .parameters(parameters), headers: [:])
    } catch {
        fatalError("string parameters \(parameters) could not be sent in a query: \(error)")
    }
    let query = request.url.query(percentEncoded: true) ?? ""
    let items = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
    let decoded: [(String, String)] = items.map { item in
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (percentDecoded(parts[0]), parts.count > 1 ? percentDecoded(parts[1]) : "")
    }
    let expected = parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    guard decoded.map(\.0) == expected.map(\.0), decoded.map(\.1) == expected.map(\.1) else {
        fatalError("query \(request.url.query(percentEncoded: true) ?? "") decodes to \(decoded), not \(expected)")
    }
}

/// Percent-decodes one query component byte by byte, `+` kept as `+`. Not URLComponents' `queryItems`: its decoding
/// drops a U+FEFF (a byte-order mark) that the builder encoded correctly (`%EF%BB%BF`), which the fuzzer found.
/// - Parameter component: The percent-encoded name or value.
/// - Returns: The decoded text, with `\u{FFFD}` for bytes that are not UTF-8 (the builder encodes valid strings only).
private func percentDecoded(_ component: Substring) -> String {
    var bytes: [UInt8] = []
    var input = component.utf8[...]
    while let byte = input.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        let digits = input.prefix(2)
        guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
            fatalError("query component \(component) has a stray %")
        }
        bytes.append(value)
        input = input.dropFirst(2)
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func checkJSONBody(_ parameters: [String: String]) {
    let request: HTTPRequest
    do {
        request = try builder.build(method: .post, path: "items", body: .parameters(parameters), headers: [:])
    } catch {
        fatalError("string parameters \(parameters) could not be sent as JSON: \(error)")
    }
    let body = request.body ?? Data()
    // Networking's own strict parser, not JSONSerialization: Foundation drops a U+FEFF inside a key (the fuzzer
    // found it), so two keys became one.
    guard case .object(let members)? = try? JSONValue(parsing: body),
        members.count == parameters.count,
        parameters.allSatisfy({ key, value in members[key] == .string(value) })
    else {
        fatalError("JSON body \(String(decoding: body, as: UTF8.self)) does not parse back to \(parameters)")
    }
}
