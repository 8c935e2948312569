/// The outcome of one step of the tour.
struct StepResult: Sendable {
    /// The step's name, e.g. "Books: first page".
    var name: String
    /// Whether the step behaved as the demo expects (which may be an expected error).
    var passed: Bool
    /// One line saying what happened.
    var summary: String
}
