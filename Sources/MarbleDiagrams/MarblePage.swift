import TerminalText

/// A self-contained HTML page (no scripts, no links, nothing fetched) for a projector or a
/// handout: a session's transcript and the diagrams drawn in it.
public enum MarblePage {
    /// One diagram of the page, captioned with the command that drew it.
    public struct Figure: Sendable {
        public var caption: String
        public var diagram: MarbleDiagram

        public init(caption: String, diagram: MarbleDiagram) {
            self.caption = caption
            self.diagram = diagram
        }
    }

    /// The page: the title, the transcript as preformatted text, then every figure's SVG.
    public static func html(title: String, transcript: [String], figures: [Figure]) -> String {
        let escape = { (text: String) in MarbleSVG.escaped(text.sanitizedForTerminal) }
        let figureHTML = figures.map { figure in
            "<figure>\n" + MarbleSVG.svg(figure.diagram) + "<figcaption>" + escape(figure.caption)
                + "</figcaption>\n</figure>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { font-family: "DejaVu Sans Mono", monospace; margin: 16px; background: #ffffff; color: #202020; }
            pre { font-size: 13px; white-space: pre-wrap; border-left: 4px solid #dddddd; padding-left: 12px; }
            figure { margin: 24px 0; }
            figcaption { font-weight: bold; margin-top: 4px; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <pre>\(transcript.map(escape).joined(separator: "\n"))</pre>
            \(figureHTML.joined(separator: "\n"))
            </body>
            </html>

            """
    }
}
