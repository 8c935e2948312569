import Foundation

/// Time bounds that stretch for slower builds: `script/test` sets `NETWORKING_TEST_TIME_SCALE` (3) for its
/// ThreadSanitizer and AddressSanitizer runs, whose code runs several times slower and whose parallel process keeps
/// both cooperative threads busy for seconds; a bound stays several times the expected value in every build.
enum TestTime {
    /// The factor: 1 unless the environment says more.
    static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["NETWORKING_TEST_TIME_SCALE"], let value = Double(text)
        else {
            return 1
        }
        return max(1, value)
    }()

    /// `seconds` stretched by ``scale``.
    static func bound(_ seconds: Double) -> Double {
        seconds * scale
    }

    /// `duration` stretched by ``scale``.
    static func bound(_ duration: Duration) -> Duration {
        duration * scale
    }
}
