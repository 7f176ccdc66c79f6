import Foundation
import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

struct MarbleSVGTests {
    func diagram() throws -> MarbleDiagram {
        var hostile = try MarbleNotation.lane("\u{1B}]0;<b>&", "-x-|", values: ["x": "\u{1B}[2J<script>'\"&"])
        hostile.subscribed = .zero
        return MarbleDiagram(lanes: [try MarbleNotation.lane("isVisible", "t--f"), hostile])
    }

    func attribute(_ name: String, of elements: [Substring]) -> [String] {
        elements.compactMap { element in
            element.range(of: "\(name)=\"").map { start in
                String(element[start.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    @Test func marblesSitAtTheirColumnsCentres() throws {
        let svg = MarbleSVG.svg(try diagram())
        let circles = svg.split(separator: "<circle").dropFirst().map { $0 }
        let left = try #require(Int(attribute("data-left", of: [Substring(svg)])[0]))
        #expect(attribute("cx", of: circles) == [0, 3, 1].map { String(left + $0 * 24 + 12) })
        #expect(svg.components(separatedBy: "stroke=\"#14783c\"").count == 2, "one completion mark")
    }

    @Test func dataIsEscapedAndSanitised() throws {
        let svg = MarbleSVG.svg(try diagram())
        #expect(!svg.contains("\u{1B}"))
        #expect(!svg.contains("<script") && !svg.contains("<b>"))
        #expect(svg.contains("\u{FFFD}[2J&lt;script&gt;&#39;&quot;&amp;"))
        #expect(svg.contains("\u{FFFD}]0;&lt;b&gt;&amp;"))
    }

    @Test func theSVGCarriesItsTitleAsTitleAndHeadingAndItsKey() throws {
        let svg = MarbleSVG.svg(try diagram(), title: "row 21 \"Forest <street>\" of \"forest\", pipeline fixed")
        let title = "row 21 &quot;Forest &lt;street&gt;&quot; of &quot;forest&quot;, pipeline fixed"
        #expect(svg.contains("<title>\(title)</title>"))
        #expect(svg.contains("font-size=\"16\">\(title)</text>"), "a visible heading")
        #expect(svg.contains(">key: "))
        #expect(svg.contains("data-origin-ms=\"0\" data-step-ms=\"100\""))
    }
}
