import PhotoModel
import Reactive

extension PhotoItemViewModel {
    /// The metadata pipeline: visibility in, `PhotoMetadata` out (once). Errors are
    /// swallowed on purpose (the tutorial's design: counts are nice to have).
    func metadataSignal(
        _ pipeline: MetadataPipeline, scheduler: any Scheduler, instrumentation: Instrumentation?
    ) -> Signal<PhotoMetadata> {
        let name = streamName
        let log = instrumentation?.eventLog
        let fetch = fetchMetadata().catch { _ in .empty }
        let delayName = StreamName(owner: name, "delay(1s)")
        // Joined: each stage that reads it is drawn from isVisible in `graph`.
        let visible = isVisible.signal.joined(to: { [weak self] in self?.visibilitySubscription }, in: log)
            .distinctUntilChanged()
        // The hides that end or cancel the wait, a lane of their own for `marbles ROW --inputs`.
        let hiddenName = StreamName(owner: name, "hidden")
        let inputLog = instrumentation?.inputLog
        switch pipeline {
        case .fixed:
            // Switch-to-latest: hiding replaces the wait-then-fetch with nothing, cancelling it.
            // Once the counts are in, showing the row again fetches nothing more.
            return
                visible
                .filter { [weak self] _ in self?.favorites.value == nil }
                .tracedHides(hiddenName, in: inputLog)
                .flatMapLatest { isVisible in
                    guard isVisible else { return .empty }
                    return Signal<Void>.timer(after: Self.visibilityDelay, on: scheduler)
                        .traced(delayName, in: log) { "fired" }
                        .on(disposed: { instrumentation?.savedFetch() })
                        .then(fetch)
                }
        case .naive:
            // Each show is its own fetch, merged: hiding cancels nothing. Its lanes are its steps in
            // the notation (`code naive`), as the original's are.
            return visible.filter { $0 }
                .traced(StreamName(owner: name, "filter(true)"), in: log)
                .flatMap { _ in fetch }
                .traced(StreamName(owner: name, "flattenMap(metadata)"), in: log) { "\($0.favorites)/\($0.comments)" }
        case .own(let own):
            let calls = service
            let id = photo.id
            return own.make(
                MetadataPipeline.RowInputs(
                    owner: name, isVisible: visible,
                    hidden: visible.skip(1).filter { !$0 }.traced(hiddenName, in: inputLog),
                    favorites: calls.favorites(photoID: id).traced(StreamName(owner: name, "favorites"), in: log)
                        .catch { _ in .empty },
                    comments: calls.comments(photoID: id).traced(StreamName(owner: name, "comments"), in: log)
                        .catch { _ in .empty },
                    metadata: fetch, scheduler: scheduler, log: log,
                    savedFetch: { instrumentation?.savedFetch() }))
        case .original:
            // [[visible delay:1] takeUntil:hidden], subscribed once: after the first hide it is
            // over. Each step is a lane titled as the notation writes it (`code original`), so the
            // same pipeline written by hand draws the same. Every hide reaches takeUntil, also
            // after the counts are in, so the trace and the marbles show the pipeline complete there.
            // A hide that ends it while a show still waits in the delay saves that show's
            // calls, as a hide cancelling the fixed pipeline's wait does.
            let changes = visible.skip(1)
            let shown = changes.filter { $0 }
            let hidden = changes.filter { !$0 }
            return Signal { observer in
                var waiting = 0
                let ending = hidden.doNext { _ in if waiting > 0 { instrumentation?.savedFetch() } }
                    .traced(hiddenName, in: inputLog)
                return shown.traced(StreamName(owner: name, "filter(true)"), in: log)
                    .doNext { _ in waiting += 1 }
                    .delay(Self.visibilityDelay, on: scheduler)
                    .doNext { _ in waiting -= 1 }
                    .traced(delayName, in: log)
                    .take(until: ending)
                    .traced(StreamName(owner: name, "takeUntil(hidden)"), in: log)
                    .flatMap { _ in fetch }
                    .traced(StreamName(owner: name, "flattenMap(metadata)"), in: log) {
                        "\($0.favorites)/\($0.comments)"
                    }
                    .subscribe(observer.send)
            }
        }
    }
}

extension Signal where Value == Bool {
    /// Records only the `false` values that come after subscribing (the hides; the value a
    /// property hands over on subscribing is where it stands) in `log` under `name`, with the
    /// subscription's start and end, so the lane shows what switched a wait to nothing.
    fileprivate func tracedHides(_ name: StreamName, in log: EventLog?) -> Signal {
        guard log != nil else { return self }
        return Signal { observer in
            var subscribing = true
            let hides = self.traced(name, in: log) { subscribing || $0 ? nil : "false" }.subscribe(observer.send)
            subscribing = false
            return hides
        }
    }
}
