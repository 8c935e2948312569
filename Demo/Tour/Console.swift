import Foundation
import Networking

/// Writes the tour's output: to standard output by default, or to a closure (tests capture it).
final class Console: Sendable {
    private let sink: @Sendable (String) -> Void
    /// Whether the terminal's current line holds an unfinished ``overwrite(_:)`` (a progress bar).
    private let overwriting = Locked(false)

    /// Whether standard output is a terminal (colours and the spinner only then).
    let isTerminal: Bool

    init(isTerminal: Bool = isatty(STDOUT_FILENO) == 1, sink: (@Sendable (String) -> Void)? = nil) {
        self.isTerminal = isTerminal
        self.sink = sink ?? { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    }

    /// Prints a line, first wiping a progress bar drawn on the current one (the next update redraws it below).
    func line(_ text: String = "") {
        overwriting.withLock { overwriting in
            if overwriting {
                FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
                overwriting = false
            }
            sink(text)
        }
    }

    /// Replaces the current terminal line with `text` (no newline); does nothing unless on a terminal.
    func overwrite(_ text: String) {
        guard isTerminal else {
            return
        }
        overwriting.withLock { overwriting in
            FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + text).utf8))
            overwriting = !text.isEmpty
        }
    }

    func section(_ number: Int, _ title: String) {
        line()
        line(bold("\(number). \(title)"))
    }

    func bold(_ text: String) -> String {
        isTerminal ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    func mark(_ passed: Bool) -> String {
        switch (passed, isTerminal) {
        case (true, true): "\u{1B}[32m✓\u{1B}[0m"
        case (false, true): "\u{1B}[31m✗\u{1B}[0m"
        case (true, false): "✓"
        case (false, false): "✗"
        }
    }

    func dim(_ text: String) -> String {
        isTerminal ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

    /// Renders rows as a boxed table with a header row.
    func table(_ header: [String], _ rows: [[String]]) {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func render(_ cells: [String]) -> String {
            "   │ "
                + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " │ ") + " │"
        }
        let rule = widths.map { String(repeating: "─", count: $0 + 2) }
        line("   ┌" + rule.joined(separator: "┬") + "┐")
        line(render(header))
        line("   ├" + rule.joined(separator: "┼") + "┤")
        for row in rows {
            line(render(row))
        }
        line("   └" + rule.joined(separator: "┴") + "┘")
    }
}
