/// What a transfer's task waits on. Unsafe (no runtime check of the single resume): ``TransferState`` guarantees
/// it, and the checked kind allocated a box per request.
typealias TransferContinuation = UnsafeContinuation<HTTPResponse, any Error>

/// The lifecycle of one ``CurlTransfer``; each transition happens under the transfer's lock, and only the
/// move out of `running` resumes the continuation, so it is resumed exactly once.
enum TransferState {
    /// Created, not yet submitted.
    case idle
    /// Cancelled before it was submitted: it never reaches the loop.
    case cancelledBeforeStart
    /// Submitted to the event loop; the awaiting task is suspended on the continuation.
    case running(TransferContinuation)
    /// The continuation has been resumed.
    case finished
}
