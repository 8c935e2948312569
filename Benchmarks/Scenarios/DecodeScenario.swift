import Foundation
import Networking

/// Scenario 8d: the JSON decode alone, in process: the small record and the 5 MB array decoded by
/// `JSONDecoder.networking` (Foundation's decoder, what the raw libcurl and URLSession contenders use) and by
/// `TapeDecoding` (what repositories decode with; its result is always Foundation's).
enum DecodeScenario {
    enum Variant: String, CaseIterable, Sendable {
        case foundationSmall = "small record: JSONDecoder (baseline)"
        case networkingSmall = "small record: Networking (TapeDecoding)"
        case foundationLarge = "5 MB array: JSONDecoder (baseline)"
        case networkingLarge = "5 MB array: Networking (TapeDecoding)"

        var isSmall: Bool { self == .foundationSmall || self == .networkingSmall }
        var baseline: Variant { isSmall ? .foundationSmall : .foundationLarge }
    }

    /// Small-record decodes per run.
    static let smallDecodes = 100_000

    /// Microseconds per small decode and milliseconds per large one, each variant's runs (variants alternating).
    static func run(rounds: Int) throws -> [Variant: Samples] {
        let small = try Fixtures.small()
        let large = try Fixtures.large()
        var results: [Variant: Samples] = [:]
        for round in 0...rounds {
            Progress.say("decoding: round \(round)/\(rounds)")
            for variant in Variant.allCases {
                let value = try measure(variant, small: small, large: large)
                if round > 0 {  // round 0 warms up
                    results[variant, default: Samples()].append(value)
                }
            }
        }
        return results
    }

    private static func measure(_ variant: Variant, small: Data, large: Data) throws -> Double {
        let start = ContinuousClock.now
        switch variant {
        case .foundationSmall:
            for _ in 0..<smallDecodes {
                _ = try JSONDecoder.networking.decode(Record.self, from: small)
            }
        case .networkingSmall:
            for _ in 0..<smallDecodes {
                _ = try TapeDecoding.decode(Record.self, from: small)
            }
        case .foundationLarge:
            _ = try JSONDecoder.networking.decode([Record].self, from: large)
        case .networkingLarge:
            _ = try TapeDecoding.decode([Record].self, from: large)
        }
        let seconds = Runner.seconds(start.duration(to: .now))
        return variant.isSmall ? seconds * 1e6 / Double(smallDecodes) : seconds * 1e3
    }

    /// The report's section.
    static func render(_ results: [Variant: Samples], rounds: Int) -> String {
        var table = TextTable(["decode", "time", "min–max", "÷ JSONDecoder"], rightAligned: [1, 2, 3])
        for variant in Variant.allCases {
            guard let samples = results[variant], let baseline = results[variant.baseline]?.median else {
                continue
            }
            let unit = variant.isSmall ? " µs" : " ms"
            let digits = variant.isSmall ? 2 : 1
            table.add([
                variant.rawValue, Format.fixed(samples.median, digits) + unit,
                "\(Format.fixed(samples.minimum, digits))–\(Format.fixed(samples.maximum, digits))",
                Format.fixed(samples.median / baseline, 2),
            ])
        }
        return "8d. JSON decoding alone, in process (\(Format.grouped(Double(smallDecodes))) small decodes or one 5 MB "
            + "decode per run), medians of \(rounds) rounds\n" + table.render()
    }
}
