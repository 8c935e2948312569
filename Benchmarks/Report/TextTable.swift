import Foundation

/// A plain-text table: a header row, a rule, then rows; numeric columns are right-aligned.
struct TextTable {
    let header: [String]
    /// The columns aligned to the right (by index).
    let rightAligned: Set<Int>
    private(set) var rows: [[String]] = []

    init(_ header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The table, each line indented by two spaces.
    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = widths.indices.map { column -> String in
                let cell = column < cells.count ? cells[column] : ""
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            var text = "  " + padded.joined(separator: "  ")
            while text.last == " " {
                text.removeLast()
            }
            return text
        }
        let rule = "  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Number formatting for the report.
enum Format {
    /// A whole number with thousands separators: 12,345.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()).magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 {
                result.append(",")
            }
            result.append(digit)
        }
        return value < -0.5 ? "-" + result : result
    }

    /// A fixed number of decimals.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// A ratio: 3.71×.
    static func ratio(_ value: Double) -> String {
        fixed(value, 2) + "×"
    }

    /// KiB as MB (10^6 bytes) with one decimal.
    static func megabytes(kib: Int) -> String {
        fixed(Double(kib) * 1024 / 1e6, 1) + " MB"
    }

    /// Bytes as MB with two decimals.
    static func megabytes(bytes: Int) -> String {
        fixed(Double(bytes) / 1e6, 2) + " MB"
    }

    /// KiB as MiB with one decimal.
    static func mebibytes(kib: Double) -> String {
        fixed(kib / 1024, 1) + " MiB"
    }

    /// A size in bytes as whole GiB or MiB: "1 GiB", "256 MiB".
    static func binarySize(_ bytes: Int64) -> String {
        let gibibyte: Int64 = 1 << 30
        if bytes >= gibibyte && bytes % gibibyte == 0 {
            return "\(bytes / gibibyte) GiB"
        }
        return fixed(Double(bytes) / 1_048_576, 0) + " MiB"
    }

    /// A median with its range: "4,061 (3,900–4,300)".
    static func range(_ samples: Samples) -> String {
        "\(grouped(samples.minimum))–\(grouped(samples.maximum))"
    }
}
