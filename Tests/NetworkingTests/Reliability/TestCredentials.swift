/// Every credential the test suites and the demo send or receive: none may appear in the whole-run debug
/// log. `script/test` greps the log for the same strings after the run; keep the two lists in step.
enum TestCredentials {
    static let all = [
        "secret-token", "session-token", "persisted-token", "default-auth", "call-auth", "Bearer secret",
        "session=abc", "c=1", "s=1", "demo-session-token-5f2a", "demo-session-token-9c41",
        "correct horse battery staple",
        "call-token", "readme-old", "readme-new", "token-1",
        "reliability-token-7c1e", "reliability-cookie=9f3b", "reliability-set-cookie=d2a8",
    ]
}
