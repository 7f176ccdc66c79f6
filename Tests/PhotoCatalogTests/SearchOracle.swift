@testable import PhotoCatalog

/// Words of a title or tag list as the index sees ASCII words: lowercased, split on spaces.
func words(of record: CatalogRecord) -> Set<String> {
    Set(record.title.lowercased().split(separator: " ").map(String.init) + record.tags.map { $0.lowercased() })
}

/// Records in search-result order: most interesting first, ties by ascending id.
func sortedByInterest(_ records: [CatalogRecord]) -> [CatalogRecord] {
    records.sorted { first, second in
        first.interestingness != second.interestingness
            ? first.interestingness > second.interestingness : first.id < second.id
    }
}

/// True when the record has every word of `text` in some form the index holds, as a search
/// matches them: a word whose forms are in no record matches nothing.
func matches(_ record: CatalogRecord, _ text: String, indexed: Set<String>) -> Bool {
    let have = words(of: record)
    return text.lowercased().split(separator: " ").allSatisfy { word in
        WordForms.forms(of: String(word)).contains { indexed.contains($0) && have.contains($0) }
    }
}
