import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// Pinning with CA-issued chains end to end: repository → pipeline → CurlTransport → OpenSSL, against a TLS
/// MockServer that sends a root → intermediate → leaf chain (or a broken one).
@Suite("Certificate pinning with certificate authority chains over real TLS connections", .timeLimit(.minutes(1)))
struct PinningChainTests {
    /// A root authority, an intermediate it issued, and a server certificate (for localhost unless told otherwise)
    /// the intermediate issued.
    struct Chain {
        let root: TestCertificate
        let intermediate: TestCertificate
        let leaf: TestCertificate

        init(
            leafCommonName: String = "localhost",
            leafNames: [String] = ["localhost", "127.0.0.1"],
            leafValidFrom: Date = Date(timeIntervalSinceNow: -86_400),
            leafValidUntil: Date = Date(timeIntervalSinceNow: 365 * 86_400)
        ) throws {
            root = try TestCertificate.authority(commonName: "Pinning Test Root CA")
            intermediate = try root.issueAuthority(commonName: "Pinning Test Intermediate CA")
            leaf = try intermediate.issueLeaf(
                commonName: leafCommonName, subjectAltNames: leafNames, validFrom: leafValidFrom,
                validUntil: leafValidUntil)
        }
    }

    /// Which certificate of a ``Chain`` a test pins.
    enum Anchor: String, CaseIterable, Sendable {
        case root, intermediate, leaf

        func certificate(in chain: Chain) -> TestCertificate {
            switch self {
            case .root: chain.root
            case .intermediate: chain.intermediate
            case .leaf: chain.leaf
            }
        }
    }

    /// A validity window that has ended, or has not started yet.
    enum Window: String, CaseIterable, Sendable {
        case expired, notYetValid

        var validFrom: Date {
            self == .expired ? Date(timeIntervalSinceNow: -30 * 86_400) : Date(timeIntervalSinceNow: 30 * 86_400)
        }
        var validUntil: Date {
            self == .expired ? Date(timeIntervalSinceNow: -86_400) : Date(timeIntervalSinceNow: 60 * 86_400)
        }
        /// OpenSSL's words for it.
        var reason: String {
            self == .expired ? "certificate has expired" : "certificate is not yet valid"
        }
    }

    @Test(
        "the server sends leaf + intermediate: a pin on the root, the intermediate or the leaf is accepted",
        arguments: Anchor.allCases)
    func pinnedCertificateOfTheChainIsAccepted(anchor: Anchor) async throws {
        // Given a server sending leaf + intermediate, and a pin on one certificate of the chain
        let chain = try Chain()
        let server = try MockServer(tls: chain.leaf, chain: [chain.intermediate])
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "chained") }

        // When a pinned request is sent
        let result = await Self.send(to: server, pinning: anchor.certificate(in: chain).der)

        // Then it succeeds
        let response = try result.get()
        #expect(response.body == Data("chained".utf8))
        #expect(server.requestCount == 1)
    }

    @Test("the server omits the intermediate and only the root is pinned: pinningFailure, nothing sent")
    func missingIntermediateFails() async throws {
        // Given a server sending its leaf alone, and a pin on the root
        let chain = try Chain()
        let server = try MockServer(tls: chain.leaf)
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: chain.root.der)

        // Then the chain cannot be built up to the root: a pinning failure before any byte
        let failure = try Self.pinningFailure(result)
        #expect(failure.servedPins == [chain.leaf.spkiPin])
        #expect(failure.expectedPins == [chain.root.spkiPin])
        #expect(failure.reason.contains("unable to get local issuer certificate"))
        Self.expectNothingReceived(server)
    }

    @Test("pinned to a different CA: pinningFailure naming the served and expected pins, nothing sent")
    func differentAuthorityFails() async throws {
        // Given a server sending leaf + intermediate, and a pin on an unrelated root
        let chain = try Chain()
        let other = try TestCertificate.authority(commonName: "Some Other Root CA")
        let server = try MockServer(tls: chain.leaf, chain: [chain.intermediate])
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: other.der)

        // Then both sides are named, and the server saw the handshake only
        let failure = try Self.pinningFailure(result)
        #expect(failure.host == "localhost")
        #expect(failure.servedPins == [chain.leaf.spkiPin, chain.intermediate.spkiPin])
        #expect(failure.expectedPins == [other.spkiPin])
        #expect(failure.reason.contains("does not validate up to a pinned certificate"))
        #expect(server.connectionCount == 1)
        Self.expectNothingReceived(server)
    }

    @Test(
        "an impostor appends the pinned CA to a leaf that CA did not sign: pinningFailure, nothing sent",
        arguments: [true, false])
    func impostorAppendingThePinnedAuthorityFails(impostorCopiesTheRootName: Bool) async throws {
        // Given an impostor authority (named like the real root, or not), its leaf for localhost, and a server that
        // sends the leaf, the impostor (when named differently, so that the chain is complete) and the real root
        let chain = try Chain()
        let impostor = try TestCertificate.authority(
            commonName: impostorCopiesTheRootName ? chain.root.commonName : "Impostor CA")
        let impostorLeaf = try impostor.issueLeaf(commonName: "localhost")
        let extra = impostorCopiesTheRootName ? [chain.root] : [impostor, chain.root]
        let server = try MockServer(tls: impostorLeaf, chain: extra)
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: chain.root.der)

        // Then the pinned root, though served, anchors nothing: a pinning failure before any byte
        let failure = try Self.pinningFailure(result)
        #expect(failure.servedPins == [impostorLeaf.spkiPin] + extra.map(\.spkiPin))
        #expect(failure.servedPins.contains(chain.root.spkiPin))
        #expect(failure.reason.contains("a pinned certificate was sent but does not anchor the chain"))
        Self.expectNothingReceived(server)
    }

    @Test(
        "a leaf that expired or is not yet valid, under a pinned root or intermediate: tlsHandshakeFailed, nothing sent",
        arguments: Window.allCases, [Anchor.root, .intermediate])
    func leafOutsideItsValidityFails(window: Window, anchor: Anchor) async throws {
        // Given a chain whose leaf is outside its validity, served with its intermediate
        let chain = try Chain(leafValidFrom: window.validFrom, leafValidUntil: window.validUntil)
        let server = try MockServer(tls: chain.leaf, chain: [chain.intermediate])
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: anchor.certificate(in: chain).der)

        // Then the chain leads to the pin but does not validate: a TLS failure saying why, before any byte
        let error = try Self.transportError(result)
        #expect(error.code == .tlsHandshakeFailed)
        #expect(error.message.contains("leads to a pinned certificate but does not validate"))
        #expect(error.message.contains(window.reason))
        Self.expectNothingReceived(server)
    }

    @Test(
        "a pinned self-signed certificate that expired or is not yet valid: tlsHandshakeFailed, nothing sent",
        arguments: Window.allCases)
    func pinnedSelfSignedOutsideItsValidityFails(window: Window) async throws {
        // Given a self-signed certificate outside its validity, pinned directly
        let certificate = try TestCertificate.selfSigned(
            commonName: "localhost", validFrom: window.validFrom, validUntil: window.validUntil)
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: certificate.der)

        // Then the pin does not waive the validity dates
        let error = try Self.transportError(result)
        #expect(error.code == .tlsHandshakeFailed)
        #expect(error.message.contains(window.reason))
        #expect(error.message.contains(certificate.spkiPin))
        Self.expectNothingReceived(server)
    }

    @Test("a leaf for another host name under a pinned root: tlsHandshakeFailed, nothing sent")
    func leafForAnotherHostFails() async throws {
        // Given a chain whose leaf names only other.example, and a pin on the root
        let chain = try Chain(leafNames: ["other.example"])
        let server = try MockServer(tls: chain.leaf, chain: [chain.intermediate])
        defer { server.shutdown() }
        // When it is requested as localhost
        let result = await Self.send(to: server, pinning: chain.root.der)

        // Then curl's host check refuses it (with no advice to pin: the request is pinned)
        let error = try Self.transportError(result)
        #expect(error.code == .tlsHandshakeFailed)
        #expect(error.message.contains("localhost"))
        #expect(!error.message.contains("pin it"))
        Self.expectNothingReceived(server)
    }

    @Test("a leaf issued by a certificate that is not a CA, under a pinned root: pinningFailure, nothing sent")
    func leafIssuedByANonAuthorityFails() async throws {
        // Given a legitimate leaf (CA:FALSE) of the pinned root used to issue another leaf, and a server sending
        // that leaf, the legitimate leaf and the intermediate
        let chain = try Chain(leafCommonName: "legitimate.example", leafNames: ["legitimate.example"])
        let forged = try chain.leaf.issueLeaf(commonName: "localhost")
        let server = try MockServer(tls: forged, chain: [chain.leaf, chain.intermediate])
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: chain.root.der)

        // Then a server certificate used as an issuer is treated as what it is, an impostor
        let failure = try Self.pinningFailure(result)
        #expect(failure.reason.contains("does not validate up to a pinned certificate"))
        #expect(failure.reason.contains("invalid CA certificate"))
        Self.expectNothingReceived(server)
    }

    @Test("a genuine leaf of the pinned root whose purpose is client authentication only: pinningFailure")
    func leafForClientAuthenticationFails() async throws {
        // Given a leaf of the pinned chain that may only authenticate clients
        let chain = try Chain()
        let clientLeaf = try chain.intermediate.issueLeaf(commonName: "localhost", extendedKeyUsage: "clientAuth")
        let server = try MockServer(tls: clientLeaf, chain: [chain.intermediate])
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: chain.root.der)

        // Then the wrong purpose is refused, and (as with anything but dates) reported as a pinning failure
        let failure = try Self.pinningFailure(result)
        #expect(failure.reason.contains("unsuitable certificate purpose"))
        Self.expectNothingReceived(server)
    }

    @Test(
        "an impostor naming the pinned root (valid or expired) as issuer: pinningFailure, not a TLS error",
        arguments: [false, true])
    func impostorClaimingThePinnedRootIsAPinningFailure(rootExpired: Bool) async throws {
        // Given a pinned root (expired or not) and an impostor authority with the same name but its own key, whose
        // leaf claims the root as issuer (by name) and, when the root is valid, only client authentication, so that
        // OpenSSL stops on the dates or the purpose before it checks the forged signature
        let root = try TestCertificate.authority(
            commonName: "Pinning Test Root CA",
            validFrom: Date(timeIntervalSinceNow: rootExpired ? -30 * 86_400 : -86_400),
            validUntil: Date(timeIntervalSinceNow: rootExpired ? -86_400 : 365 * 86_400))
        let impostor = try TestCertificate.authority(commonName: root.commonName)
        let forged = try impostor.issueLeaf(
            commonName: "localhost", extendedKeyUsage: rootExpired ? "serverAuth" : "clientAuth")
        let server = try MockServer(tls: forged)
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: root.der)

        // Then the forged signature makes it an impostor, whatever OpenSSL stopped on first
        let failure = try Self.pinningFailure(result)
        #expect(failure.servedPins == [forged.spkiPin])
        #expect(failure.expectedPins == [root.spkiPin])
        Self.expectNothingReceived(server)
    }

    @Test("the pinned root expired, the server sends its renewal (same key): accepted through the key pin")
    func renewedRootWithThePinnedKeyIsAccepted() async throws {
        // Given an expired pinned root, its renewal with the same key, and a leaf the renewal issued
        let expiredRoot = try TestCertificate.authority(
            commonName: "Pinning Test Root CA", validFrom: Date(timeIntervalSinceNow: -30 * 86_400),
            validUntil: Date(timeIntervalSinceNow: -86_400))
        let renewedRoot = try TestCertificate.authority(commonName: expiredRoot.commonName, renewing: expiredRoot)
        #expect(renewedRoot.spkiPin == expiredRoot.spkiPin)
        #expect(renewedRoot.der != expiredRoot.der)
        let leaf = try renewedRoot.issueLeaf(commonName: "localhost")
        let server = try MockServer(tls: leaf, chain: [renewedRoot])
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "renewed") }
        // When a request is sent
        let result = await Self.send(to: server, pinning: expiredRoot.der)

        // Then the served renewal, whose key is pinned, anchors the chain
        #expect(try result.get().body == Data("renewed".utf8))
    }

    @Test("the pinned root expired and the server sends only its leaf: tlsHandshakeFailed saying it expired")
    func expiredPinnedRootFailsAsOutdated() async throws {
        // Given an expired pinned root and a genuine leaf it issued, served alone
        let expiredRoot = try TestCertificate.authority(
            commonName: "Pinning Test Root CA", validFrom: Date(timeIntervalSinceNow: -30 * 86_400),
            validUntil: Date(timeIntervalSinceNow: -86_400))
        let leaf = try expiredRoot.issueLeaf(commonName: "localhost")
        let server = try MockServer(tls: leaf)
        defer { server.shutdown() }
        // When a request is sent
        let result = await Self.send(to: server, pinning: expiredRoot.der)

        // Then it is the pinned server with an outdated chain: a TLS failure saying so, before any byte
        let error = try Self.transportError(result)
        #expect(error.code == .tlsHandshakeFailed)
        #expect(error.message.contains("certificate has expired"))
        #expect(!error.message.contains("pin it"), "no advice to pin a request that is pinned")
        Self.expectNothingReceived(server)
    }

    /// Sends `GET /books` to `server` through a new ``CurlTransport``, pinned to the DER certificate `pinned`, with
    /// an `Authorization` header the server must never see when the pin fails.
    private static func send(to server: MockServer, pinning pinned: Data) async -> Result<HTTPResponse, RepositoryError>
    {
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([pinned])),
            defaultHeaders: ["Authorization": "Bearer secret"], transport: CurlTransport())
        return await repository.performRawRequest(method: .get, path: "books")
    }

    /// The pinning failure of `result`, or a recorded issue and a thrown error.
    private static func pinningFailure(
        _ result: Result<HTTPResponse, RepositoryError>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PinningFailure {
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)", sourceLocation: sourceLocation)
            throw UnexpectedOutcome()
        }
        return failure
    }

    /// The transport error of a `.noNetworkConnection` `result`, or a recorded issue and a thrown error.
    private static func transportError(
        _ result: Result<HTTPResponse, RepositoryError>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TransportError {
        guard case .failure(.noNetworkConnection(let error)) = result else {
            Issue.record("expected .noNetworkConnection, got \(result)", sourceLocation: sourceLocation)
            throw UnexpectedOutcome()
        }
        return error
    }

    /// Expects that the server received no byte and no request.
    private static func expectNothingReceived(
        _ server: MockServer, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(server.bytesReceived == 0, sourceLocation: sourceLocation)
        #expect(server.requestCount == 0, sourceLocation: sourceLocation)
    }

    /// Thrown after an issue is recorded for an unexpected result, to end the test.
    private struct UnexpectedOutcome: Error {}
}
