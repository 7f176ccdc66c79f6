#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A scheduler on a virtual clock in milliseconds: time moves only in `run(until:)`, and actions
/// due at the same time run in the order they were scheduled, as on the playground's clock.
/// Single-threaded: every pipeline runs on the main thread, so it holds no lock.
final class VirtualScheduler: Scheduler, @unchecked Sendable {
    struct SchedulerTimeType: Strideable, Hashable {
        var milliseconds: Int
        func distance(to other: Self) -> Stride { Stride(other.milliseconds - milliseconds) }
        func advanced(by stride: Stride) -> Self { Self(milliseconds: milliseconds + stride.milliseconds) }

        /// A span of virtual time; whole milliseconds are all the playground writes.
        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral {
            var milliseconds: Int
            init(_ milliseconds: Int) { self.milliseconds = milliseconds }
            init(integerLiteral value: Int) { self.init(value) }
            init(floatLiteral value: Double) { self.init(Int(value * 1000)) }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(value)
            }
            var magnitude: Int { abs(milliseconds) }
            static func < (a: Self, b: Self) -> Bool { a.milliseconds < b.milliseconds }
            static func + (a: Self, b: Self) -> Self { Self(a.milliseconds + b.milliseconds) }
            static func - (a: Self, b: Self) -> Self { Self(a.milliseconds - b.milliseconds) }
            static func * (a: Self, b: Self) -> Self { Self(a.milliseconds * b.milliseconds) }
            static func += (a: inout Self, b: Self) { a = a + b }
            static func -= (a: inout Self, b: Self) { a = a - b }
            static func *= (a: inout Self, b: Self) { a = a * b }
            static func seconds(_ s: Int) -> Self { Self(s * 1000) }
            // Rounded by hand: rounded() needs libm, which nothing here links without Foundation.
            static func seconds(_ s: Double) -> Self { Self(Int(s * 1000 + (s < 0 ? -0.5 : 0.5))) }
            static func milliseconds(_ ms: Int) -> Self { Self(ms) }
            static func microseconds(_ us: Int) -> Self { Self(us / 1000) }
            static func nanoseconds(_ ns: Int) -> Self { Self(ns / 1_000_000) }
        }
    }
    typealias SchedulerOptions = Never

    private struct Pending {
        let time: Int
        let order: Int
        let id: Int
        let action: () -> Void
    }

    private(set) var now = SchedulerTimeType(milliseconds: 0)
    var minimumTolerance: SchedulerTimeType.Stride { 0 }
    private var pending: [Pending] = []
    private var scheduled = 0
    private var cancelled: Set<Int> = []

    /// Back to time zero with nothing pending, for the next pipeline.
    func reset() {
        now = SchedulerTimeType(milliseconds: 0)
        pending = []
        cancelled = []
    }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        add(at: now.milliseconds, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        add(at: date.milliseconds, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
    )
        -> any Cancellable
    {
        scheduled += 1
        let id = scheduled
        let period = max(interval.milliseconds, 1)
        // A repeating action schedules its next run before it runs, under the same id, so one
        // cancel stops every run.
        func repeating(at time: Int) {
            add(at: time, id: id) {
                repeating(at: time + period)
                action()
            }
        }
        repeating(at: date.milliseconds)
        return AnyCancellable { [weak self] in self?.cancelled.insert(id) }
    }

    /// Runs every action due up to `limit`, moving the clock to each one's time.
    func run(until limit: Int) {
        while let next = pending.indices.min(by: {
            (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order)
        }),
            pending[next].time <= limit
        {
            let action = pending.remove(at: next)
            now = SchedulerTimeType(milliseconds: max(now.milliseconds, action.time))
            if !cancelled.contains(action.id) { action.action() }
        }
        now = SchedulerTimeType(milliseconds: limit)
    }

    private func add(at time: Int, id: Int? = nil, _ action: @escaping () -> Void) {
        scheduled += 1
        pending.append(
            Pending(time: max(time, now.milliseconds), order: scheduled, id: id ?? scheduled, action: action))
    }
}
