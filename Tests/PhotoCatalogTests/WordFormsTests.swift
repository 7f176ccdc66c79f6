import XCTest

@testable import PhotoCatalog

/// The English rule a search word's other forms come from, and the edit distance near words use.
final class WordFormsTests: XCTestCase {
    func testPluralsAndSingularsOfRegularWords() {
        XCTAssertEqual(WordForms.forms(of: "dog"), ["dog", "dogs"])
        XCTAssertEqual(WordForms.forms(of: "dogs"), ["dogs", "dog"])
        XCTAssertEqual(WordForms.forms(of: "beach"), ["beach", "beaches"])
        XCTAssertEqual(WordForms.forms(of: "beaches"), ["beaches", "beache", "beach"])
        XCTAssertEqual(WordForms.forms(of: "horses"), ["horses", "horse", "hors"])
        XCTAssertEqual(WordForms.forms(of: "fox"), ["fox", "foxes"])
        XCTAssertEqual(WordForms.forms(of: "city"), ["city", "cities"])
        XCTAssertEqual(WordForms.forms(of: "cherries"), ["cherries", "cherry"])
        XCTAssertEqual(WordForms.forms(of: "boy"), ["boy", "boys"])
    }

    func testIrregularAndUnchangedWords() {
        XCTAssertEqual(WordForms.forms(of: "children"), ["children", "child"])
        XCTAssertEqual(WordForms.forms(of: "leaves"), ["leaves", "leaf"])
        XCTAssertEqual(WordForms.forms(of: "man"), ["man", "men"])
        XCTAssertEqual(WordForms.forms(of: "paris"), ["paris", "parises"])
        XCTAssertEqual(WordForms.forms(of: "moss"), ["moss", "mosses"])
        XCTAssertEqual(WordForms.forms(of: "bw"), ["bw"])
        XCTAssertEqual(WordForms.forms(of: "2019"), ["2019"])
        XCTAssertEqual(WordForms.forms(of: "café"), ["café"])
    }

    func testEditDistanceCountsASwapAsOneAndGivesUpPastTheLimit() {
        func distance(_ first: String, _ second: String, limit: Int = 3) -> Int? {
            editDistance(Array(first.unicodeScalars), Array(second.unicodeScalars), limit: limit)
        }
        XCTAssertEqual(distance("dgo", "dog"), 1)
        XCTAssertEqual(distance("sunsett", "sunset"), 1)
        XCTAssertEqual(distance("londn", "london"), 1)
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("same", "same"), 0)
        XCTAssertNil(distance("kitten", "sitting", limit: 2))
        XCTAssertNil(distance("a", "abcdef", limit: 2))
    }
}
