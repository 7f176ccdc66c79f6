/// What a shell over `FakeSearchService` (three photos, its latencies) prints for the start most
/// transcript tests share, so each test spells out only what it is about.
public enum FakeTranscript {
    /// `search sunset` then `wait DURATION` (400 ms or more), from the prompt's echo to the end
    /// of the search, without the last line break; the test spells out what else the wait shows.
    public static func sunsetSearch(wait: String) -> String {
        """
        > search sunset
        [00:00.000] searchText = "sunset"
        [00:00.000] isSearchValid = true
        [00:00.000] executing = true
        > wait \(wait)
        [00:00.400] push SearchResultsViewModel "sunset"
        [00:00.400] "sunset": 3 of 30 photos
        [00:00.400]   1  "Photo 1" by Owner
        [00:00.400]   2  "Angry \u{FFFD}[31msky" by Owner
        [00:00.400]   3  "Photo 3" by Owner
        [00:00.400] rows 1-3 of 3 visible
        [00:00.400] executing = false
        """
    }
}
