import Foundation

/// Debug logging of one WebSocket: opening, message sizes, closing and failures, at ``NetworkActivityLoggerLevel/debug``
/// through the loggers of the configuration that opened it. Payloads are printed only by a logger with
/// ``NetworkActivityLogger/logsWebSocketPayloads`` on (the first 1 KiB of a text message).
struct WebSocketTrace: Sendable {
    /// The loggers.
    let loggers: [NetworkActivityLogger]
    /// The socket's URL without its query (which may carry a token).
    let label: String

    /// A trace for `url` through `loggers`, or `nil` when there is none.
    init?(url: URL, loggers: [NetworkActivityLogger]) {
        guard !loggers.isEmpty else {
            return nil
        }
        self.loggers = loggers
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.user = nil
        components?.password = nil
        self.label = components?.string ?? url.absoluteString
    }

    /// Logs a message sent.
    func message(sent message: WebSocketMessage) {
        log(message, direction: "→")
    }

    /// Logs a message received.
    func message(received message: WebSocketMessage) {
        log(message, direction: "←")
    }

    /// Logs an event of the socket (opened, closing, closed, failed).
    func event(_ text: String) {
        for logger in loggers {
            logger.log("WebSocket \(label): \(text)", at: .debug)
        }
    }

    private func log(_ message: WebSocketMessage, direction: String) {
        for logger in loggers {
            logger.log(
                Self.describe(message, direction: direction, label: label, payload: logger.logsWebSocketPayloads),
                at: .debug)
        }
    }

    private static func describe(_ message: WebSocketMessage, direction: String, label: String, payload: Bool) -> String
    {
        let kind: String
        var excerpt = ""
        switch message {
        case .text(let text):
            kind = "text"
            if payload {
                let limit = 1024
                let prefix = String(decoding: text.utf8.prefix(limit), as: UTF8.self)
                excerpt = "\n" + prefix + (text.utf8.count > limit ? "…" : "")
            }
        case .binary:
            kind = "binary"
        }
        return "WebSocket \(label) \(direction) \(kind), \(message.byteCount) bytes\(excerpt)"
    }
}
