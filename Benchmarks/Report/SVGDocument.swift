import Foundation

/// A hand-written SVG document: definitions (patterns) and elements in drawing order, every text escaped for XML.
struct SVGDocument {
    /// How a text is anchored at its x coordinate.
    enum Anchor: String {
        case start, middle, end
    }

    /// The document's width in user units (the viewBox's and the default rendering width).
    let width: Double
    /// The markup inside `<defs>`.
    private var definitions: [String] = []
    /// The markup of the drawn elements, first drawn first (under the later ones).
    private var elements: [String] = []

    /// The font stack: the system's sans-serif font.
    static let fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

    /// Creates an empty document.
    /// - Parameter width: The width in user units.
    init(width: Double) {
        self.width = width
    }

    /// Adds a definition, such as a `<pattern>`, written as it is (its text must already be escaped).
    mutating func define(_ markup: String) {
        definitions.append(markup)
    }

    /// Adds a rectangle.
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width (negative widths are drawn as 0).
    ///   - height: The height.
    ///   - fill: The fill: a colour or `url(#id)`.
    ///   - stroke: The outline's colour, or `nil` for none.
    ///   - radius: The corners' radius.
    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil, radius: Double = 0
    ) {
        var markup =
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" "
            + "height=\"\(Self.number(height))\" fill=\"\(Self.escape(fill))\""
        if let stroke {
            markup += " stroke=\"\(Self.escape(stroke))\" stroke-width=\"1\""
        }
        if radius > 0 {
            markup += " rx=\"\(Self.number(radius))\""
        }
        elements.append(markup + "/>")
    }

    /// Adds a straight line.
    /// - Parameters:
    ///   - from: The start point.
    ///   - to: The end point.
    ///   - stroke: The colour.
    ///   - width: The stroke's width.
    mutating func line(from: (x: Double, y: Double), to: (x: Double, y: Double), stroke: String, width: Double = 1) {
        elements.append(
            "<line x1=\"\(Self.number(from.x))\" y1=\"\(Self.number(from.y))\" x2=\"\(Self.number(to.x))\" "
                + "y2=\"\(Self.number(to.y))\" stroke=\"\(Self.escape(stroke))\" "
                + "stroke-width=\"\(Self.number(width))\"/>")
    }

    /// Adds a text made of runs, each with its own colour (and weight), one after the other on one baseline.
    /// - Parameters:
    ///   - runs: The runs: text, colour, and whether it is bold.
    ///   - x: The anchor's x coordinate.
    ///   - y: The baseline.
    ///   - size: The font size in user units.
    ///   - anchor: How the text is anchored at `x`.
    ///   - italic: Whether the text is italic.
    mutating func text(
        _ runs: [(text: String, color: String, bold: Bool)], x: Double, y: Double, size: Double,
        anchor: Anchor = .start, italic: Bool = false
    ) {
        var markup =
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
        if anchor != .start {
            markup += " text-anchor=\"\(anchor.rawValue)\""
        }
        if italic {
            markup += " font-style=\"italic\""
        }
        markup += ">"
        for run in runs {
            markup +=
                "<tspan fill=\"\(Self.escape(run.color))\"\(run.bold ? " font-weight=\"600\"" : "")>"
                + "\(Self.escape(run.text))</tspan>"
        }
        elements.append(markup + "</text>")
    }

    /// Adds a text in one colour.
    /// - Parameters:
    ///   - string: The text.
    ///   - x: The anchor's x coordinate.
    ///   - y: The baseline.
    ///   - size: The font size in user units.
    ///   - color: The colour.
    ///   - bold: Whether it is bold.
    ///   - anchor: How the text is anchored at `x`.
    ///   - italic: Whether the text is italic.
    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, color: String, bold: Bool = false,
        anchor: Anchor = .start, italic: Bool = false
    ) {
        text([(string, color, bold)], x: x, y: y, size: size, anchor: anchor, italic: italic)
    }

    /// The document, `height` user units tall, on a white background.
    /// - Parameters:
    ///   - height: The height in user units.
    ///   - title: The document's title (shown as a tooltip, read by screen readers).
    func render(height: Double, title: String) -> String {
        let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) "
                + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
                + "font-family=\"\(Self.escape(Self.fontFamily))\" role=\"img\">",
            "<title>\(Self.escape(title))</title>",
        ]
        if !definitions.isEmpty {
            lines.append("<defs>")
            lines += definitions
            lines.append("</defs>")
        }
        lines.append("<rect x=\"0\" y=\"0\" \(size) fill=\"#ffffff\"/>")
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text with XML's five special characters escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate with at most one decimal: "12", "12.5".
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
