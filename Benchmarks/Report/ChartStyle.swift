import Foundation

/// The chart's colours, hatch patterns and axis ticks.
enum ChartStyle {
    /// Text.
    static let ink = "#111827"
    /// Secondary text.
    static let muted = "#6b7280"
    /// Grid lines.
    static let grid = "#e5e7eb"
    /// The axis and the separators between endpoints.
    static let rule = "#9ca3af"
    /// A faster "after" run's change.
    static let better = "#15803d"
    /// A slower one's.
    static let worse = "#b91c1c"
    /// The legend's swatches.
    static let legendColor = "#4b5563"

    /// Colours for contenders the chart does not know, by a stable hash of the name.
    private static let spare = ["#b45309", "#be185d", "#4d7c0f", "#0369a1"]

    /// A contender's colour: the same in both panels and in both runs.
    static func color(_ contender: String) -> String {
        switch contender {
        case "Networking": return "#2563eb"
        case "Networking, executor": return "#0d9488"
        case "raw libcurl": return "#ea580c"
        case "URLSession": return "#9333ea"
        default:
            if contender.hasPrefix("wrk") {
                return "#64748b"
            }
            let hash = contender.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
            return spare[hash % spare.count]
        }
    }

    /// The fill of a "before" bar: a reference to the colour's hatch pattern.
    static func hatchFill(_ color: String) -> String {
        "url(#\(patternID(color)))"
    }

    /// Defines one hatch pattern per colour used: light diagonal stripes on a pale ground.
    /// - Parameters:
    ///   - contenders: Every contender drawn.
    ///   - document: The document to define them in.
    static func definePatterns(for contenders: [String], in document: inout SVGDocument) {
        var colors = [legendColor]
        for contender in contenders where !colors.contains(color(contender)) {
            colors.append(color(contender))
        }
        for color in colors {
            let id = SVGDocument.escape(patternID(color))
            let paint = SVGDocument.escape(color)
            document.define(
                "<pattern id=\"\(id)\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                    + "patternTransform=\"rotate(45)\">"
                    + "<rect x=\"0\" y=\"0\" width=\"6\" height=\"6\" fill=\"\(paint)\" fill-opacity=\"0.16\"/>"
                    + "<line x1=\"1.5\" y1=\"0\" x2=\"1.5\" y2=\"6\" stroke=\"\(paint)\" stroke-width=\"2\" "
                    + "stroke-opacity=\"0.55\"/></pattern>")
        }
    }

    /// The id of a colour's hatch pattern, such as "hatch-2563eb".
    private static func patternID(_ color: String) -> String {
        "hatch-" + color.filter { $0.isLetter || $0.isNumber }
    }

    /// A round step between grid lines that gives about five of them up to `maximum`.
    static func tickStep(for maximum: Double) -> Double {
        guard maximum > 0 else {
            return 1
        }
        let rough = maximum / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        for multiple in [1, 2, 2.5, 5] where multiple * power >= rough {
            return multiple * power
        }
        return 10 * power
    }

    /// A tick's label: "0", "500", "10k", "2.5k".
    static func tickLabel(_ value: Double) -> String {
        guard value >= 1000 else {
            return Format.grouped(value)
        }
        let thousands = value / 1000
        let text = thousands == thousands.rounded() ? String(Int(thousands)) : Format.fixed(thousands, 1)
        return text + "k"
    }

    /// The change from `before` to `after`: "+12 %", "−5 %", "±0 %".
    static func change(from before: Double, to after: Double) -> (text: String, color: String) {
        let percent = ((after / before - 1) * 100).rounded()
        if percent > 0 {
            return ("+\(Int(percent)) %", better)
        }
        if percent < 0 {
            return ("−\(Int(-percent)) %", worse)
        }
        return ("±0 %", muted)
    }
}
