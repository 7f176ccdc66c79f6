import PhotoModel
import Reactive

/// The results of one search (RWTSearchResultsViewModel): a title and one item ViewModel per photo.
@MainActor
public final class SearchResultsViewModel: ViewModel {
    public let title: String
    public let items: [PhotoItemViewModel]
    /// How many photos match in all (the list holds the first page of them).
    public let totalResults: Int

    private let bag = CompositeDisposable()

    public init(results: SearchResults, services: any ViewModelServices, pipeline: MetadataPipeline? = nil) {
        title = results.searchText
        totalResults = results.totalResults
        items = results.photos.enumerated().map { index, photo in
            PhotoItemViewModel(photo: photo, row: index + 1, services: services, pipeline: pipeline)
        }
        bag.add(services.instrumentation?.attach(self))
    }

    public func dispose() {
        bag.dispose()
        for item in items { item.dispose() }
    }
}
