import Foundation
import MarbleDiagrams
import MarbleNotation

// Writes a marble diagram built from marble strings as an SVG or as an HTML page, for
// Tests/Pictures/test_svg.py to render in a browser and check pixel by pixel.
//   marble-pictures svg|html OUT NAME=MARBLES...
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("marble-pictures: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3, let kind = arguments.first, ["svg", "html"].contains(kind) else {
    fail("usage: marble-pictures svg|html OUT NAME=MARBLES...")
}
let out = arguments[arguments.startIndex + 1]
var lanes: [MarbleLane] = []
for spec in arguments.dropFirst(2) {
    guard let equals = spec.firstIndex(of: "=") else { fail("a lane is NAME=MARBLES, not '\(spec)'") }
    do {
        lanes.append(try MarbleNotation.lane(String(spec[..<equals]), String(spec[spec.index(after: equals)...])))
    } catch {
        fail("\(error)")
    }
}
let diagram = MarbleDiagram(lanes: lanes)
let text: String
if kind == "svg" {
    text = MarbleSVG.svg(diagram)
} else {
    // A transcript with hostile text: it must be shown escaped, never run or fetched. The same
    // diagram drawn twice is one figure and a reference to it.
    let drawing = MarbleText.lines(diagram).map { MarblePage.Line(.output, $0) }
    let commands = ["> search \u{1B}[31m<script>alert(1)</script>", "> marbles 1"].map { MarblePage.Line(.command, $0) }
    let lines = commands + drawing + [MarblePage.Line(.command, "> marbles 1 again")] + drawing
    let second = commands.count + drawing.count + 1
    text = MarblePage.html(
        title: "vmsh <session>", lines: lines,
        figures: [
            MarblePage.Figure(caption: "marbles 1", title: "row 1", diagram: diagram, lines: 2..<second - 1),
            MarblePage.Figure(
                caption: "marbles 1 again", title: "row 1", diagram: diagram, lines: second..<second + drawing.count),
        ])
}
do {
    try text.write(toFile: out, atomically: true, encoding: .utf8)
} catch {
    fail("cannot write \(out): \(error)")
}
