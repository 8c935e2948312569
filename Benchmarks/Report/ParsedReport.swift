import Foundation

/// A run's report read back from the text the binary printed on standard output: its heading and the request
/// rates of scenarios 1 and 2, for the chart.
///
/// Reports from older harnesses parse too: columns are found by their header ("endpoint", "contender", "req/s"),
/// so a table without the "E ÷" column or without "Networking, executor" rows gives what it has.
struct ParsedReport: Sendable {
    /// One row of a request table.
    struct Row: Sendable, Equatable {
        /// The endpoint, such as "pinned https/1.1" (the report prints it on a group's first row only).
        var endpoint: String
        /// The contender, such as "raw libcurl" or "wrk -t1 -c1".
        var contender: String
        /// The median requests per second.
        var requestsPerSecond: Double
    }

    /// One scenario's table and its heading.
    struct Table: Sendable {
        /// The heading up to its first colon, such as "1 + 3. Sequential small GET + decode".
        var title: String
        /// The heading from its first colon to its first semicolon: what a run does.
        var detail: String
        /// The rows, in the report's order.
        var rows: [Row]

        /// The endpoints in the order they first appear.
        var endpoints: [String] {
            rows.reduce(into: []) { endpoints, row in
                if !endpoints.contains(row.endpoint) {
                    endpoints.append(row.endpoint)
                }
            }
        }

        /// The rows of one endpoint.
        func rows(of endpoint: String) -> [Row] {
            rows.filter { $0.endpoint == endpoint }
        }
    }

    /// The run's timestamp from the first line (ISO 8601), or "unknown time".
    var timestamp: String
    /// Whether the run was a `--quick` one (its numbers are not meaningful).
    var quick: Bool
    /// Scenario 1's table (sequential).
    var sequential: Table
    /// Scenario 2's table (concurrent), when the report has one.
    var concurrent: Table?

    /// The prefix of scenario 1's heading.
    static let sequentialPrefix = "1 + 3."
    /// The prefix of scenario 2's heading.
    static let concurrentPrefix = "2."

    /// Parses a report.
    /// - Parameters:
    ///   - text: The report's text.
    ///   - name: The file's name, for the error.
    /// - Throws: ``BenchmarkError`` when the text has no scenario-1 table.
    init(text: String, name: String) throws(BenchmarkError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = lines.first { $0.hasPrefix("Networking benchmarks") } ?? ""
        quick = heading.contains("--quick")
        if let comma = heading.range(of: ", ", options: .backwards) {
            timestamp = String(heading[comma.upperBound...]).trimmingCharacters(in: .whitespaces)
        } else {
            timestamp = "unknown time"
        }
        guard let sequential = Self.table(after: Self.sequentialPrefix, in: lines), !sequential.rows.isEmpty else {
            throw BenchmarkError(
                "\(name) has no scenario-1 table: expected a line starting with \"\(Self.sequentialPrefix)\" followed "
                    + "by a table whose header has endpoint, contender and req/s columns (a saved standard output "
                    + "of script/bench)")
        }
        self.sequential = sequential
        concurrent = Self.table(after: Self.concurrentPrefix, in: lines).flatMap { $0.rows.isEmpty ? nil : $0 }
    }

    /// The table under the first line starting with `prefix`: its header within the next few lines, then a rule of
    /// dashes whose runs give the columns, then rows until a blank line or a row without a rate.
    private static func table(after prefix: String, in lines: [String]) -> Table? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else {
            return nil
        }
        let headingLine = lines[start]
        let title = headingLine.split(separator: ":", maxSplits: 1).first.map(String.init) ?? headingLine
        var detail = ""
        if let colon = headingLine.firstIndex(of: ":") {
            let rest = headingLine[headingLine.index(after: colon)...]
            detail = String(rest.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }
        var index = start + 1
        while index + 1 < lines.count, index <= start + 4 {
            let rule = Array(lines[index + 1])
            if rule.contains("-"), rule.allSatisfy({ $0 == "-" || $0 == " " }) {
                let spans = columnSpans(rule)
                let names = spans.map { cell(Array(lines[index]), $0) }
                guard let endpointColumn = names.firstIndex(of: "endpoint"),
                    let contenderColumn = names.firstIndex(of: "contender"),
                    let rateColumn = names.firstIndex(of: "req/s")
                else {
                    return nil
                }
                let rows = rows(
                    lines[(index + 2)...], spans: spans, columns: (endpointColumn, contenderColumn, rateColumn))
                return Table(title: title, detail: detail, rows: rows)
            }
            index += 1
        }
        return nil
    }

    /// The rows of a table, each line cut at the rule's columns.
    private static func rows(
        _ lines: ArraySlice<String>, spans: [Range<Int>], columns: (endpoint: Int, contender: Int, rate: Int)
    ) -> [Row] {
        var rows: [Row] = []
        var endpoint = ""
        for line in lines {
            let characters = Array(line)
            let contender = cell(characters, spans[columns.contender])
            guard !contender.isEmpty, let rate = number(cell(characters, spans[columns.rate])) else {
                break
            }
            let named = cell(characters, spans[columns.endpoint])
            if !named.isEmpty {
                endpoint = named
            }
            rows.append(Row(endpoint: endpoint, contender: contender, requestsPerSecond: rate))
        }
        return rows
    }

    /// The runs of dashes in a rule line: one column each.
    private static func columnSpans(_ rule: [Character]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var start: Int?
        for (index, character) in rule.enumerated() {
            if character == "-" {
                start = start ?? index
            } else if let begun = start {
                spans.append(begun..<index)
                start = nil
            }
        }
        if let begun = start {
            spans.append(begun..<rule.count)
        }
        return spans
    }

    /// The trimmed text of a line within a column (the table pads every cell to its column's width).
    private static func cell(_ line: [Character], _ span: Range<Int>) -> String {
        guard span.lowerBound < line.count else {
            return ""
        }
        return String(line[span.clamped(to: 0..<line.count)]).trimmingCharacters(in: .whitespaces)
    }

    /// A number printed with "," thousands separators, such as "13,922".
    private static func number(_ text: String) -> Double? {
        let digits = text.filter { $0 != "," }
        guard !digits.isEmpty else {
            return nil
        }
        return Double(digits)
    }
}
