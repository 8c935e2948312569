import Foundation

/// The benchmark chart (`--chart`): requests per second per contender and endpoint, scenario 1 (sequential) and
/// scenario 2 (concurrent) as two panels of horizontal bars, drawn from reports' text. Given an earlier report, each
/// contender gets a pair of bars: the earlier run's (lighter, hatched) above this run's (solid), with the change.
///
/// ```sh
/// NetworkingBenchmarks --chart --after new.txt --before old.txt --output BENCHMARKS.svg
/// ```
struct Chart {
    /// The run shown as the solid bars.
    let after: ParsedReport
    /// The earlier run shown as the hatched bars, or `nil`.
    let before: ParsedReport?

    /// The chart's geometry, in user units (the SVG is `width` wide).
    enum Layout {
        /// The document's width (its viewBox's too): readable from 900 to 1,100 pixels wide.
        static let width = 1000.0
        /// The space left and right of everything, and before the endpoint headings.
        static let margin = 24.0
        /// Where contender names start (endpoint headings start at the margin).
        static let nameX = 40.0
        /// The bars' zero.
        static let plotLeft = 210.0
        /// The longest bar's end; the value labels go to its right.
        static let plotRight = 850.0
        /// An endpoint's heading row.
        static let headingHeight = 24.0
        /// A contender's row with one bar.
        static let singleRow = 24.0
        /// The bar of a row with one bar.
        static let singleBar = 16.0
        /// A contender's row with a before/after pair.
        static let pairRow = 32.0
        /// Each bar of a pair (2 units apart).
        static let pairBar = 12.0
        /// Between the two panels.
        static let panelGap = 40.0
    }

    /// Reads `--after` (and `--before`), draws the chart and writes it to `--output`.
    /// - Throws: ``BenchmarkError`` for a missing argument, an unreadable file, a report without a scenario-1
    ///   table, or a file that cannot be written.
    static func write(_ options: Options) throws(BenchmarkError) {
        guard !options.chartAfterPath.isEmpty, !options.chartOutputPath.isEmpty else {
            throw BenchmarkError(
                "--chart needs --after REPORT.txt and --output FILE.svg (and takes --before REPORT.txt)")
        }
        let after = try ParsedReport(text: read(options.chartAfterPath), name: options.chartAfterPath)
        let before =
            options.chartBeforePath.isEmpty
            ? nil : try ParsedReport(text: read(options.chartBeforePath), name: options.chartBeforePath)
        let svg = Chart(after: after, before: before).render()
        do {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: options.chartOutputPath))
        } catch {
            throw BenchmarkError("cannot write the chart to \(options.chartOutputPath): \(error)")
        }
        FileHandle.standardError.write(Data("chart: wrote \(options.chartOutputPath)\n".utf8))
    }

    /// A report file's text.
    private static func read(_ path: String) throws(BenchmarkError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw BenchmarkError("cannot read the report \(path): \(error)")
        }
    }

    /// The SVG document.
    func render() -> String {
        var document = SVGDocument(width: Layout.width)
        var y = heading(&document)
        var panels: [(after: ParsedReport.Table, before: ParsedReport.Table?)] = [
            (after.sequential, before?.sequential)
        ]
        if let concurrent = after.concurrent {
            panels.append((concurrent, before?.concurrent))
        } else if let concurrent = before?.concurrent {
            // Only the earlier run has scenario 2: draw what it has.
            panels.append((ParsedReport.Table(title: concurrent.title, detail: "", rows: []), concurrent))
        }
        ChartStyle.definePatterns(
            for: panels.flatMap { $0.after.rows.map(\.contender) + ($0.before?.rows.map(\.contender) ?? []) },
            in: &document)
        for panel in panels {
            y = drawPanel(panel.after, before: panel.before, top: y, in: &document) + Layout.panelGap
        }
        let note =
            "Medians of each run's rounds, as printed in the reports (higher is better); drawn by "
            + "NetworkingBenchmarks --chart."
        document.text(note, x: Layout.margin, y: y - Layout.panelGap + 28, size: 11, color: ChartStyle.muted)
        return document.render(height: y - Layout.panelGap + 44, title: title)
    }

    /// The chart's title (also the SVG's `<title>`).
    private var title: String {
        "Networking benchmarks: requests per second"
    }

    /// The title, the runs' timestamps and, with a before run, the legend.
    /// - Returns: Where the first panel starts.
    private func heading(_ document: inout SVGDocument) -> Double {
        document.text(title, x: Layout.margin, y: 36, size: 20, color: ChartStyle.ink, bold: true)
        let afterText = Self.describe(after)
        guard let before else {
            document.text("Run of \(afterText)", x: Layout.margin, y: 60, size: 13, color: ChartStyle.muted)
            return 96
        }
        document.text(
            "Before: \(Self.describe(before))   →   after: \(afterText)", x: Layout.margin, y: 60, size: 13,
            color: ChartStyle.muted)
        // The legend: a hatched and a solid swatch in a neutral colour.
        let swatchY = 74.0
        document.rect(
            x: Layout.margin, y: swatchY, width: 28, height: 12, fill: ChartStyle.hatchFill(ChartStyle.legendColor),
            stroke: ChartStyle.legendColor)
        document.text("before", x: Layout.margin + 36, y: swatchY + 10.5, size: 12, color: ChartStyle.ink)
        let secondX = Layout.margin + 36 + 60
        document.rect(x: secondX, y: swatchY, width: 28, height: 12, fill: ChartStyle.legendColor)
        document.text(
            "after (its label shows the change)", x: secondX + 36, y: swatchY + 10.5, size: 12, color: ChartStyle.ink)
        return 120
    }

    /// A run's timestamp, and whether it was a quick one.
    private static func describe(_ report: ParsedReport) -> String {
        report.timestamp + (report.quick ? " (--quick: numbers not meaningful)" : " (full run)")
    }
}
