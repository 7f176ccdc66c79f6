/// The singular and plural forms a search word also matches, so "dogs" finds the photos tagged
/// "dog" and "cherry" those tagged "cherries", as a person expects of a photo search.
///
/// A small English rule for words of ASCII letters (any other word matches only as typed): a
/// plural adds "s", or "es" after s, x, z, ch and sh, and a consonant's "y" becomes "ies"; a
/// singular undoes each of these (both "s" and "es" are tried: "horses", "beaches"). A word of
/// fewer than three letters is taken as it is; one ending in "ss", "us" or "is" ("moss", "bus",
/// "paris") is a singular, whose plural adds "es". A few irregular pairs are listed. The catalog keeps only the forms its index holds, so a
/// wrong guess ("hors") matches nothing.
enum WordForms {
    static let irregular: [String: String] = [
        "child": "children", "man": "men", "woman": "women", "person": "people", "leaf": "leaves",
        "wolf": "wolves", "mouse": "mice", "goose": "geese", "foot": "feet",
    ]
    private static let singularOfIrregular = Dictionary(uniqueKeysWithValues: irregular.map { ($1, $0) })

    /// `word` (lowercased ASCII) first, then its other forms; just `word` for any other word.
    static func forms(of word: String) -> [String] {
        let letters = Array(word.utf8)
        guard letters.count >= 3, letters.allSatisfy({ (97...122).contains($0) }) else { return [word] }
        var forms = [word]
        func add(_ form: String) { if form.count >= 2, !forms.contains(form) { forms.append(form) } }
        if let other = irregular[word] ?? singularOfIrregular[word] {
            add(other)
            return forms
        }
        if word.hasSuffix("ies") {
            add(String(word.dropLast(3)) + "y")
            return forms
        }
        if word.hasSuffix("s"), !["ss", "us", "is"].contains(where: word.hasSuffix) {
            add(String(word.dropLast()))
            if word.hasSuffix("es") { add(String(word.dropLast(2))) }
            return forms
        }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            add(String(word.dropLast()) + "ies")
        } else if ["s", "x", "z", "ch", "sh"].contains(where: word.hasSuffix) {
            add(word + "es")
        } else {
            add(word + "s")
        }
        return forms
    }
}
