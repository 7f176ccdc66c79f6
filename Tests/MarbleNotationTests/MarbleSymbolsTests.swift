import Testing

@testable import MarbleNotation

struct MarbleSymbolsTests {
    func lane(_ name: String, _ values: [String]) -> MarbleLane {
        MarbleLane(
            name: name, subscribed: .zero,
            events: values.enumerated().map {
                MarbleEvent(time: .milliseconds($0.offset * 100), kind: .value($0.element))
            })
    }

    @Test func aLaneOfOneValueTakesItsInitialOthersTheirValues() {
        let symbols = MarbleSymbols(lanes: [
            lane("delay(1s)", ["fired"]), lane("favorites", ["40"]), lane("search", ["sun", "suns", "sunset"]),
        ])
        let pairs = symbols.entries.map { "\($0.symbol)=\($0.value)" }
        #expect(pairs == ["D=fired", "F=40", "s=sun", "S=suns", "u=sunset"])
    }

    @Test func hundredsOfValuesGetDistinctSymbolsNoneOfThemReserved() {
        let values = (0..<350).map { "v\($0)" }
        let symbols = MarbleSymbols(lanes: [lane("many", values)])
        let given = values.map(symbols.symbol)
        #expect(Set(given).count == values.count)
        #expect(given.allSatisfy { !MarbleSymbols.reserved.contains($0) })
        #expect(given.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
    }

    @Test func aTextThatLooksLikeABooleanIsNotOne() {
        let symbols = MarbleSymbols(lanes: [lane("searchText", ["tree", "fog", "true"])])
        #expect(symbols.symbol(for: "true") == "t")
        #expect(symbols.symbol(for: "tree") == "T")
        #expect(symbols.symbol(for: "fog") == "F")
    }
}
