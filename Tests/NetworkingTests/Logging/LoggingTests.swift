import Testing

/// Groups the logging and activity indicator suites, so that `swift test --filter Logging` runs them all.
@Suite(.timeLimit(.minutes(1))) struct LoggingTests {}
