import PhotoModel
import Playground
import Reactive
import ViewModels

/// A learner's pipeline as a row runs it: the row's inputs as playground values, each step's
/// output traced as a lane of the row (`marbles ROW`, `graph`, `why`), and what comes out read
/// back as the row's metadata.
@MainActor
enum RowPipeline {
    /// A row's inputs and the kind of each one's values, as `pipeline` checks a definition.
    static let inputs: [String: OwnPipeline.Kind] = [
        "isVisible": .bool, "hidden": .bool, "favorites": .number, "comments": .number, "metadata": .metadata,
    ]

    /// The service calls each input makes when subscribed: metadata is both.
    static let calls: [String: Int] = ["favorites": 1, "comments": 1, "metadata": 2]

    /// `pipeline` on each row; `reading` holds every pipeline it reads, however deep, by name.
    static func own(
        _ pipeline: OwnPipeline, reading: [String: OwnPipeline], budget: OwnPipeline.Budget
    ) -> MetadataPipeline.Own {
        let read = reading.values.sorted { $0.name < $1.name }
        return MetadataPipeline.Own(name: pipeline.name, laneTitles: pipeline.titles + read.flatMap(\.titles)) { row in
            let values = signal(of: pipeline, reading: reading, on: row, budget: budget)
            return Signal<PhotoMetadata> { observer in
                values.subscribe { event in
                    switch event {
                    case .next(let value): if let metadata = metadata(in: value) { observer.send(.next(metadata)) }
                    // Errors end the row's pipeline quietly, as the tutorial's catch does.
                    case .failed, .completed: observer.send(.completed)
                    }
                }
            }
        }
    }

    /// `pipeline` built over `row`'s inputs and the pipelines it reads, each of those built
    /// afresh for every subscription (as a RAC 2 signal a block returns is), so a pipeline
    /// that switches to another one starts it anew each time, its lanes numbered on.
    private static func signal(
        of pipeline: OwnPipeline, reading: [String: OwnPipeline], on row: MetadataPipeline.RowInputs,
        budget: OwnPipeline.Budget
    ) -> Signal<PlayValue> {
        var inputs: [String: Signal<PlayValue>] = [
            "isVisible": row.isVisible.map { .bool($0) },
            "hidden": row.hidden.map { .bool($0) },
            "favorites": row.favorites.map { .number($0) },
            "comments": row.comments.map { .number($0) },
            "metadata": row.metadata.map { .pair(.number($0.favorites), .number($0.comments)) },
        ]
        for name in pipeline.inputsUsed {
            guard let read = reading[name] else { continue }
            inputs[name] = Signal { observer in
                signal(of: read, reading: reading, on: row, budget: budget).subscribe(observer.send)
            }
        }
        let built = try? pipeline.build(
            inputs: inputs, scheduler: row.scheduler, budget: budget, dropped: row.savedFetch
        ) { signal, title in
            signal.traced(StreamName(owner: row.owner, title), in: row.log) { describe($0) }
        }
        // Checked when it was defined: a build that fails here (the budget spent) fetches nothing.
        return built ?? .empty
    }

    /// A (favorites, comments) pair as the row's metadata; nil for any other value.
    static func metadata(in value: PlayValue) -> PhotoMetadata? {
        guard case .pair(.number(let favorites), .number(let comments)) = value else { return nil }
        return PhotoMetadata(favorites: favorites, comments: comments)
    }

    /// A value as its lane shows it: metadata as `417/20`, as the built-in pipelines trace it.
    static func describe(_ value: PlayValue) -> String {
        metadata(in: value).map { "\($0.favorites)/\($0.comments)" } ?? "\(value)"
    }
}
