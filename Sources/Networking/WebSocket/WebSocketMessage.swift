public import Foundation

/// One WebSocket message: UTF-8 text or binary data, whole however many frames carried it.
///
/// ```swift
/// _ = await socket.send(.text(#"{"subscribe": "/areas/home"}"#))
/// for try await message in socket.messages {
///     if case .text(let text) = message { print(text) }
/// }
/// ```
public enum WebSocketMessage: Sendable, Equatable {
    /// A text message (opcode 1); its bytes are valid UTF-8.
    case text(String)
    /// A binary message (opcode 2).
    case binary(Data)

    /// The payload's size in bytes.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
