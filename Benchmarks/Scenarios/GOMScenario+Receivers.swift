import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit

extension GOMScenario {
    /// One notification as the receiver's reading task got it: the attribute value it carries and when it arrived.
    struct Arrival: Sendable {
        /// The attribute's value (the initial's, then each update's); `nil` when the notification carries none.
        var value: String?
        /// `CLOCK_MONOTONIC` seconds when the reading task got it.
        var time: Double
    }

    /// What receives one run's notifications: a `GOMObserver`'s stream of ``path``, or a `WebSocket` subscribed to
    /// it by hand.
    enum Source: Sendable {
        case observer(GOMObserver, AsyncStream<GOMNotification>)
        case socket(WebSocket)

        /// Subscribes to ``path`` on `gom`: the observer through a `GOMClient` of its own (it finds the proxy and
        /// subscribes itself), or a socket opened on the proxy's URL that sends the GNP subscribe command.
        /// - Parameters:
        ///   - receiver: Which receiver.
        ///   - gom: The server.
        ///   - transport: The transport whose loop drives the receiver's socket.
        /// - Returns: The source; its first arrival is the path's initial.
        static func subscribe(_ receiver: Receiver, on gom: MockGOMServer, transport: CurlTransport) async throws
            -> Source
        {
            switch receiver {
            case .observer:
                let client = GOMClient(configuration: configuration(gom), transport: transport)
                let observer = GOMObserver(client: client)
                return .observer(observer, await observer.observe(path))
            case .socket:
                let socket = try await WebSocket.connect(to: gom.webSocketURL, timeout: 10, transport: transport).get()
                try await socket.send(.text(#"{"command":"subscribe","path":"\#(path)"}"#)).get()
                return .socket(socket)
            }
        }

        /// Reads arrivals in the calling task, timing each as soon as the stream hands it over, until `body`
        /// returns false or the stream ends.
        /// - Parameter body: Takes each arrival; returns whether to go on.
        func read(_ body: (Arrival) async -> Bool) async {
            switch self {
            case .observer(_, let stream):
                for await notification in stream {
                    let time = ThreadCPUClock.monotonicSeconds()
                    guard await body(Arrival(value: notification.attributeValue, time: time)) else {
                        return
                    }
                }
            case .socket(let socket):
                do {
                    for try await message in socket.messages {
                        let time = ThreadCPUClock.monotonicSeconds()
                        guard case .text(let text) = message else {
                            continue
                        }
                        guard await body(Arrival(value: GOMScenario.value(inFrame: text), time: time)) else {
                            return
                        }
                    }
                } catch {
                    return  // the end of the stream; the caller sees what is missing
                }
            }
        }

        /// Ends the subscription: the observer disconnects, the socket closes; a pending ``read(_:)`` ends.
        func stop() async {
            switch self {
            case .observer(let observer, _): await observer.disconnect()
            case .socket(let socket): await socket.close()
            }
        }
    }

    /// A client configuration for `gom`, plain http on 127.0.0.1.
    static func configuration(_ gom: MockGOMServer) -> NetworkingConfiguration {
        NetworkingConfiguration(useSecureConnection: false, domainURL: "127.0.0.1", port: gom.port, timeout: 10)
    }

    /// The attribute value in a GNP frame's text, found without parsing: the characters after the first `\"value\":\"`
    /// (the inner JSON is a string inside the frame, so its quotes are escaped) up to the next backslash. Enough for
    /// the values this scenario writes (digits, `-`, letters), and the least a receiver can do to tell frames apart.
    /// - Parameter text: The frame.
    /// - Returns: The value, or `nil` when the frame has none in that form.
    static func value(inFrame text: String) -> String? {
        let marker = Array(#"\"value\":\""#.utf8)
        let bytes = Array(text.utf8)
        guard bytes.count > marker.count else {
            return nil
        }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            guard bytes[start..<(start + marker.count)].elementsEqual(marker) else {
                continue
            }
            let valueStart = start + marker.count
            let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\\")) ?? bytes.count
            return String(decoding: bytes[valueStart..<end], as: UTF8.self)
        }
        return nil
    }
}

extension GOMNotification {
    /// The attribute value the notification carries, if any.
    fileprivate var attributeValue: String? {
        if case .attribute(let attribute)? = entry {
            return attribute.value
        }
        return nil
    }
}
