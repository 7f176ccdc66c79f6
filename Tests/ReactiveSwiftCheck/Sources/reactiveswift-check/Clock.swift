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
        Self.clock.schedule(after: date, action: action)
    }

    @discardableResult
    func schedule(
        after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval, action: @escaping () -> Void
    ) -> Disposable? {
        Self.clock.schedule(after: date, interval: interval, leeway: leeway, action: action)
    }

    /// The clock's time since the pipeline began, in whole milliseconds.
    static var milliseconds: Int {
        Int((clock.currentDate.timeIntervalSinceReferenceDate * 1000).rounded())
    }
}
