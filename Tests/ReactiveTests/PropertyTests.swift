import Testing

@testable import Reactive

/// The read-only `Property` a ViewModel exposes, the `MutableProperty` it owns, and `bind(to:)`.
@MainActor
struct PropertyTests {
    @Test func aPropertyShowsItsMutableSourceValueAndChangesInOrder() {
        let source = MutableProperty("a")
        let property = Property(source)
        let signal = Recorder(property.signal)
        let changes = Recorder(property.changes)
        source.value = "b"
        source.value = "b"
        source.value = "c"
        #expect(property.value == "c")
        #expect(signal.events == ["a", "b", "b", "c"])
        #expect(changes.events == ["b", "b", "c"])
    }

    @Test func aConstantPropertySendsItsValueAndNothingMore() {
        let property = Property(value: 7)
        #expect(property.value == 7)
        #expect(Recorder(property.signal).events == ["7"])
        #expect(Recorder(property.changes).events == [])
    }

    @Test func bindSetsTheMutablePropertyUntilDisposed() {
        let subject = Subject<Int>()
        let target = MutableProperty(0)
        let seen = Recorder(Property(target).signal)
        let binding = subject.signal.bind(to: target)
        subject.send(1)
        subject.send(2)
        binding.dispose()
        subject.send(3)
        #expect(target.value == 2)
        #expect(seen.events == ["0", "1", "2"])
    }

    @Test func aPropertyOutlivingItsSourceOwnerStillReadsIt() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        let property = source.map { Property($0) }
        source?.value = 2
        source = nil
        #expect(weakSource != nil, "the view keeps its source")
        #expect(property?.value == 2)
        #expect(Recorder(property?.signal ?? Signal<Int>.empty).events == ["2"])
    }

    @Test func eventMapTransformsValuesOnly() {
        #expect("\(Event<Int>.next(2).map { $0 * 10 })" == "next(20)")
        #expect("\(Event<Int>.completed.map { $0 * 10 })" == "completed")
        #expect("\(Event<Int>.failed(TestError()).map { $0 * 10 })" == "failed(boom)")
    }

    @Test func startRunsTheSideEffectsAndDisposingCancelsThem() {
        let subject = Subject<Int>()
        var seen: [Int] = []
        let running = subject.signal.doNext { seen.append($0) }.start()
        subject.send(1)
        running.dispose()
        subject.send(2)
        #expect(seen == [1])
        #expect(subject.subscriberCount == 0)
    }
}
