import Foundation

extension Chart {
    /// One scenario's panel: its title, a heading per endpoint, a row per contender (a bar, or a before/after pair),
    /// and the grid with its axis, all to one scale.
    /// - Parameters:
    ///   - table: This run's table.
    ///   - before: The earlier run's table of the same scenario, or `nil`.
    ///   - top: Where the panel starts.
    ///   - document: The document to draw in.
    /// - Returns: Where the panel ends.
    func drawPanel(
        _ table: ParsedReport.Table, before: ParsedReport.Table?, top: Double, in document: inout SVGDocument
    ) -> Double {
        let paired = self.before != nil
        let groups = Self.merged(table.endpoints, before?.endpoints ?? []).map { endpoint in
            (
                endpoint: endpoint,
                contenders: Self.merged(
                    table.rows(of: endpoint).map(\.contender), before?.rows(of: endpoint).map(\.contender) ?? [])
            )
        }
        let maximum = (table.rows + (before?.rows ?? [])).map(\.requestsPerSecond).max() ?? 0
        let step = ChartStyle.tickStep(for: maximum)
        let scale = Scale(step: step, maximum: max(step, (maximum / step).rounded(.up) * step))

        // Scenario 3 is the CPU columns of scenario 1's table: the chart shows only scenario 1's rates.
        let title = table.title.replacingOccurrences(of: "1 + 3.", with: "1.")
        document.text(title, x: Layout.margin, y: top + 16, size: 15, color: ChartStyle.ink, bold: true)
        if !table.detail.isEmpty {
            document.text(table.detail, x: Layout.margin, y: top + 34, size: 12, color: ChartStyle.muted)
        }
        let rowsTop = top + 46
        let rowHeight = paired ? Layout.pairRow : Layout.singleRow
        let rowsBottom =
            rowsTop + groups.reduce(0) { $0 + Layout.headingHeight + Double($1.contenders.count) * rowHeight }
        drawGrid(scale, from: rowsTop, to: rowsBottom, in: &document)

        var y = rowsTop
        for (index, group) in groups.enumerated() {
            if index > 0 {
                document.line(
                    from: (Layout.margin, y), to: (Layout.width - Layout.margin, y), stroke: ChartStyle.grid)
            }
            document.text(group.endpoint, x: Layout.margin, y: y + 17, size: 13, color: ChartStyle.ink, bold: true)
            y += Layout.headingHeight
            for contender in group.contenders {
                let now = Self.value(table, group.endpoint, contender)
                let earlier = Self.value(before, group.endpoint, contender)
                document.text(
                    contender, x: Layout.nameX, y: y + rowHeight / 2 + 4, size: 12, color: ChartStyle.ink)
                if paired {
                    drawPair(contender, before: earlier, after: now, top: y, scale: scale, in: &document)
                } else if let now {
                    drawBar(
                        now, color: ChartStyle.color(contender), top: y + (rowHeight - Layout.singleBar) / 2,
                        height: Layout.singleBar, hatched: false, scale: scale, in: &document)
                    drawLabel(
                        [(Format.grouped(now), ChartStyle.ink, true)], at: now, top: y + (rowHeight - 12) / 2,
                        scale: scale, in: &document)
                }
                y += rowHeight
            }
        }
        return rowsBottom + 34
    }

    /// The x scale of a panel: zero at ``Chart/Layout/plotLeft``, `maximum` at ``Chart/Layout/plotRight``.
    private struct Scale {
        /// The step between grid lines.
        let step: Double
        /// The value at the right end.
        let maximum: Double

        /// The x coordinate of a value.
        func x(_ value: Double) -> Double {
            Layout.plotLeft + value / maximum * (Layout.plotRight - Layout.plotLeft)
        }
    }

    /// Vertical grid lines at every step, the zero line darker, their labels under the rows, and the axis's name.
    private func drawGrid(_ scale: Scale, from top: Double, to bottom: Double, in document: inout SVGDocument) {
        var tick = 0.0
        while tick <= scale.maximum + scale.step / 2 {
            let x = scale.x(tick)
            document.line(from: (x, top), to: (x, bottom), stroke: tick == 0 ? ChartStyle.rule : ChartStyle.grid)
            document.text(
                ChartStyle.tickLabel(tick), x: x, y: bottom + 15, size: 11, color: ChartStyle.muted, anchor: .middle)
            tick += scale.step
        }
        document.text(
            "requests per second", x: Layout.plotRight, y: bottom + 30, size: 11, color: ChartStyle.muted,
            anchor: .end)
    }

    /// A contender's before/after pair: the earlier run's hatched bar above this run's solid one, each with its
    /// value, this run's with the change; a note in place of a bar the run does not have.
    private func drawPair(
        _ contender: String, before: Double?, after: Double?, top: Double, scale: Scale,
        in document: inout SVGDocument
    ) {
        let color = ChartStyle.color(contender)
        let beforeTop = top + (Layout.pairRow - 2 * Layout.pairBar - 2) / 2
        let afterTop = beforeTop + Layout.pairBar + 2
        if let before {
            drawBar(
                before, color: color, top: beforeTop, height: Layout.pairBar, hatched: true, scale: scale,
                in: &document)
            drawLabel(
                [(Format.grouped(before), ChartStyle.muted, false)], at: before, top: beforeTop, scale: scale,
                in: &document)
        } else {
            drawNote("not in the earlier run", top: beforeTop, in: &document)
        }
        if let after {
            drawBar(
                after, color: color, top: afterTop, height: Layout.pairBar, hatched: false, scale: scale,
                in: &document)
            var runs: [(text: String, color: String, bold: Bool)] = [(Format.grouped(after), ChartStyle.ink, true)]
            if let before, before > 0 {
                let change = ChartStyle.change(from: before, to: after)
                runs.append(("  " + change.text, change.color, false))
            }
            drawLabel(runs, at: after, top: afterTop, scale: scale, in: &document)
        } else {
            drawNote("not in this run", top: afterTop, in: &document)
        }
    }

    /// A bar from zero to `value`: solid, or hatched with an outline for an earlier run's.
    private func drawBar(
        _ value: Double, color: String, top: Double, height: Double, hatched: Bool, scale: Scale,
        in document: inout SVGDocument
    ) {
        document.rect(
            x: Layout.plotLeft, y: top, width: scale.x(value) - Layout.plotLeft, height: height,
            fill: hatched ? ChartStyle.hatchFill(color) : color, stroke: hatched ? color : nil, radius: 1.5)
    }

    /// A value's label just right of its bar's end, centred on a 12-unit-high bar starting at `top`.
    private func drawLabel(
        _ runs: [(text: String, color: String, bold: Bool)], at value: Double, top: Double, scale: Scale,
        in document: inout SVGDocument
    ) {
        document.text(runs, x: scale.x(value) + 6, y: top + 10, size: 11)
    }

    /// A note in the place of a bar that one of the runs does not have.
    private func drawNote(_ note: String, top: Double, in document: inout SVGDocument) {
        document.text(
            note, x: Layout.plotLeft + 6, y: top + 10, size: 10, color: ChartStyle.muted, italic: true)
    }

    /// A contender's rate on an endpoint in a table, if it has that row.
    private static func value(_ table: ParsedReport.Table?, _ endpoint: String, _ contender: String) -> Double? {
        table?.rows.first { $0.endpoint == endpoint && $0.contender == contender }?.requestsPerSecond
    }

    /// `primary`'s names in order, with `secondary`'s other names each placed before the next name that follows it
    /// in `secondary` and is already placed (at the end when none is).
    static func merged(_ primary: [String], _ secondary: [String]) -> [String] {
        var result = primary
        for (index, name) in secondary.enumerated() where !result.contains(name) {
            let next = secondary[(index + 1)...].first { result.contains($0) }
            let position = next.flatMap { result.firstIndex(of: $0) } ?? result.count
            result.insert(name, at: position)
        }
        return result
    }
}
