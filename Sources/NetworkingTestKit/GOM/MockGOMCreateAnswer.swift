/// How ``MockGOMServer`` answers a create (`POST` to a parent node): both forms GOM servers use.
///
/// ```swift
/// gom.createAnswer = .created  // 201 with Location: /areas/<uuid>
/// ```
public enum MockGOMCreateAnswer: Sendable, Equatable {
    /// `303 See Other` with an absolute `Location` (`http://127.0.0.1:PORT/areas/<uuid>`, its host and port taken
    /// from the request's `Host` field, so that `localhost` and `127.0.0.1` both come back as called): the default.
    case seeOther
    /// `201 Created` with a path-only `Location` (`/areas/<uuid>`).
    case created
}
