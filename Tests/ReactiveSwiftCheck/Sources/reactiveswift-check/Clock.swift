import Foundation
import ReactiveSwift

/// The generated code names `QueueScheduler.main` (and `QueueScheduler(name:)` for a background
/// queue), as an app's would; here both are the one virtual clock, a `TestScheduler`, so the
/// code compiles as written and its time is the test's. Single-threaded: every pipeline runs on
/// the main thread.
final class QueueScheduler: DateScheduler {
    /// The clock of the pipeline running: a new one for each, at time zero with nothing pending.
    nonisolated(unsafe) static var clock = TestScheduler()
    nonisolated(unsafe) static let main = QueueScheduler()

    init(name: String = "main") {}

    var currentDate: Date { Self.clock.currentDate }

    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable? { Self.clock.schedule(action) }

    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        Self.clock.schedule(after: Self.whole(date), action: action)
    }

    @discardableResult
    func schedule(
        after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval, action: @escaping () -> Void
    ) -> Disposable? {
        Self.clock.schedule(after: Self.whole(date), interval: interval, leeway: leeway, action: action)
    }

    /// `date` to the millisecond, as the playground's clock keeps time: 0.7 + 0.1 seconds is due
    /// at 0.8, not a hair before a mark due then.
    private static func whole(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate * 1000).rounded() / 1000)
    }

    /// The clock's time since the pipeline began, in whole milliseconds.
    static var milliseconds: Int {
        Int((clock.currentDate.timeIntervalSinceReferenceDate * 1000).rounded())
    }
}
