/// The lesson page's style sheet: type a room can read from the back, narration set apart from
/// output, nothing wider than the window (listings wrap, figures shrink to fit), and a print
/// style for handouts. System fonts only, so the page fetches nothing.
public enum MarblePageStyle {
    /// Also what the served page (`serve on`) is styled with, so the two read alike.
    public static let css = """
        html { font-size: 18px; }
        body { margin: 0; background: #ffffff; color: #1c1c1c; font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; line-height: 1.45; }
        main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
        h1 { font-size: 1.8rem; margin: 0.5rem 0 1.5rem; }
        pre, code { font-family: "DejaVu Sans Mono", "Menlo", monospace; }
        pre { font-size: 0.85rem; margin: 0.3rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.command { font-weight: bold; color: #0b3d91; margin-top: 1rem; }
        pre.comment { color: #555555; }
        pre.output { border-left: 4px solid #d8d8d8; padding-left: 0.8rem; }
        .error { color: #b00000; }
        p.narration { font-size: 1.2rem; margin: 1.2rem 0; padding: 0.6rem 1rem; border-left: 6px solid #e67814; background: #fff4e8; }
        details { margin: 0.2rem 0 0.6rem; }
        summary { cursor: pointer; color: #555555; font-size: 0.9rem; }
        figure { margin: 1.5rem 0; }
        figcaption { font-size: 1.1rem; font-weight: bold; margin-bottom: 0.4rem; }
        figcaption code { font-weight: normal; font-size: 0.85rem; color: #555555; }
        figure svg { display: block; max-width: 100%; height: auto; }
        p.same { color: #555555; font-style: italic; }
        @media print {
            html { font-size: 11pt; }
            main { max-width: none; padding: 0; }
            p.narration { background: none; }
            figure, pre.command { break-inside: avoid; break-after: avoid-page; }
            figure { break-after: auto; }
            details::details-content { content-visibility: visible; }
            summary { display: none; }
        }
        """
}
