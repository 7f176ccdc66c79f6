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

    @Test func aValueTakesItsOwnLettersNeverItsLanes() {
        let symbols = MarbleSymbols(lanes: [
            lane("delay(1s)", ["fired"]), lane("favorites", ["40"]), lane("search", ["sun", "suns", "sunset"]),
        ])
        let pairs = symbols.entries.map { "\($0.symbol)=\($0.value)" }
        #expect(pairs == ["F=fired", "α=40", "s=sun", "S=suns", "u=sunset"])
        #expect(MarbleSymbols(lanes: [lane("xlane", ["a"])]).symbol(for: "a") == "a")
    }

    /// A stand-in digit would read as that number: `1` for `417/20` says the value was 1.
    @Test func aValueNotDrawnAsItselfNeverGetsADigit() {
        let symbols = MarbleSymbols(lanes: [
            lane("metadata", ["417/20", "11", "40", "1"]), lane("counts", (100..<140).map(String.init)),
        ])
        #expect(symbols.symbol(for: "1") == "1", "a digit that is the value is the value itself")
        let standIns = symbols.entries.map(\.symbol)
        #expect(standIns.count == 43, "every value but 1 is in the key")
        #expect(standIns.allSatisfy { !$0.isNumber }, "\(standIns)")
        #expect(Set(standIns).count == standIns.count)
        #expect(symbols.symbol(for: "417/20") == "α" && symbols.symbol(for: "11") == "β")
    }

    @Test func aOneCharacterValueIsItselfOnEveryLane() {
        let symbols = MarbleSymbols(lanes: [lane("first", ["A", "B", "C"]), lane("raw", ["a", "b", "c"])])
        #expect(["A", "B", "C", "a", "b", "c"].map(symbols.symbol) == ["A", "B", "C", "a", "b", "c"])
        #expect(symbols.entries.allSatisfy { $0.value != String($0.symbol) }, "a value that is itself needs no key")
        // A longer value never takes a letter some value is: "apple" is not drawn as "a".
        let mixed = MarbleSymbols(lanes: [lane("fruit", ["apple", "a", "A"])])
        #expect(mixed.symbol(for: "a") == "a" && mixed.symbol(for: "A") == "A")
        #expect(!["a", "A"].contains(mixed.symbol(for: "apple")))
        // Marks of the notation and the booleans' letters are never a value's own symbol.
        let marks = MarbleSymbols(lanes: [lane("marks", ["-", "t", "(", "true"])])
        #expect(!["-", "t", "("].contains(marks.symbol(for: "-")) && marks.symbol(for: "true") == "t")
        #expect(marks.symbol(for: "t") != "t")
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
