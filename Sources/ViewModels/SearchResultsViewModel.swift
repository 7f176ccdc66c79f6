import PhotoModel
import Reactive

/// The results of one search (RWTSearchResultsViewModel): a title and one item ViewModel per
/// photo, each made when its row is first needed (shown, asked for, counted), so a search
/// costs what its first page shows rather than a pipeline per photo.
@MainActor
public final class SearchResultsViewModel: ViewModel {
    public let title: String
    /// The photos listed, in order: the first page of the matches.
    public let photos: [Photo]
    /// How many photos match in all (the list holds the first page of them).
    public let totalResults: Int
    /// When nothing matched, texts near the search's that find photos, closest first.
    public let suggestions: [String]
    /// How many rows the list has.
    public var rowCount: Int { photos.count }
    /// The pipeline of every row, as set when the search arrived (`set pipeline` changes new lists).
    public let pipeline: MetadataPipeline

    private let services: any ViewModelServices
    private var made: [PhotoItemViewModel?]
    /// The rows made so far, in row order: the only ones that can be visible.
    public var madeItems: [PhotoItemViewModel] { made.compactMap { $0 } }
    private var rows: Instrumentation.RowGroup?
    /// The number of each row's isVisible subscription, recorded in init for the rows made
    /// later; empty when the rows record their own.
    private var visibilitySubscriptions: [Int] = []
    private var isDisposed = false
    private let bag = CompositeDisposable()

    public init(results: SearchResults, services: any ViewModelServices, pipeline: MetadataPipeline? = nil) {
        title = results.searchText
        photos = results.photos
        totalResults = results.totalResults
        // Only what the search screen would take: a suggestion it refuses is no help.
        suggestions = results.suggestions.filter { $0.count > SearchViewModel.minimumSearchLength }
        self.services = services
        let instrumentation = services.instrumentation
        self.pipeline = pipeline ?? instrumentation?.metadataPipeline ?? .fixed
        made = Array(repeating: nil, count: results.photos.count)
        if let instrumentation {
            // Tracked before the list itself, where its rows were when all were made here.
            let group = Instrumentation.RowGroup(
                type: _typeName(PhotoItemViewModel.self, qualified: false), owner: self,
                makeAll: { [weak self] in self?.makeAll() })
            rows = group
            instrumentation.track(rows: group)
            // Each row's isVisible is recorded here for every row; a row records the rest of its
            // pipeline when it is made.
            visibilitySubscriptions = made.indices.map { index in
                instrumentation.eventLog.record(PhotoItemViewModel.visibilityStream(row: index + 1), .subscribed)
            }
        }
        bag.add(instrumentation?.attach(self))
    }

    // MARK: Outputs

    /// The ViewModel of `row` (from 1), made now if it was not yet; nil out of range.
    public func item(row: Int) -> PhotoItemViewModel? {
        guard made.indices.contains(row - 1) else { return nil }
        if let item = made[row - 1] { return item }
        let recording: PhotoItemViewModel.VisibilityRecord
        if isDisposed {
            recording = .none
        } else if visibilitySubscriptions.isEmpty {
            recording = .whole
        } else {
            recording = .afterSubscription(visibilitySubscriptions[row - 1])
        }
        let item = PhotoItemViewModel(
            photo: photos[row - 1], row: row, services: services, pipeline: pipeline, among: rows,
            recording: recording)
        if isDisposed { item.dispose() }
        made[row - 1] = item
        return item
    }

    public let streamName = "results"

    public var outputs: [ViewModelOutput] {
        [
            .constant("title", .text(title)),
            .constant("totalResults", .number(totalResults)),
            .constant("items", .phrase("\(rowCount) PhotoItemViewModel")),
            // A row not made yet is neither visible nor fetched.
            .derived("visible rows (isVisible = true)") { [unowned self] in
                let visible = self.madeItems.filter(\.isVisible.value).map(\.row)
                guard let first = visible.first, let last = visible.last else { return .phrase("none") }
                return .phrase("\(first)-\(last)")
            },
            .derived("rows with favorites and comments") { [unowned self] in
                .number(self.madeItems.count { $0.favorites.value != nil })
            },
        ] + (suggestions.isEmpty ? [] : [.constant("suggestions", .phrase(suggestions.joined(separator: ", ")))])
    }

    /// Every row's ViewModel, making those not made yet.
    public var items: [PhotoItemViewModel] { (0..<rowCount).compactMap { item(row: $0 + 1) } }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        bag.dispose()
        let log = services.instrumentation?.eventLog
        for index in made.indices {
            if let item = made[index] {
                item.dispose()
            } else if let log, visibilitySubscriptions.indices.contains(index) {
                // The end of the isVisible subscription recorded for it in init.
                log.record(
                    PhotoItemViewModel.visibilityStream(row: index + 1), .disposed,
                    subscription: visibilitySubscriptions[index])
            }
        }
    }

    private func makeAll() { _ = items }
}
