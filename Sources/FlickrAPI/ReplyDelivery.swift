import EventLoop
import Reactive

/// How `FlickrSearchService` hands a reply to the main actor and counts the work in flight:
/// through the live scheduler's mailbox, or (a cassette replayed on the shell's own thread) at once.
public protocol ReplyDelivery: Sendable {
    /// Counts one request as pending work (so `wait idle` waits for it) until disposed.
    @MainActor func beginWork() -> any Disposable
    /// Runs `action` on the main actor; callable from any thread.
    func deliver(_ action: @escaping @Sendable @MainActor () -> Void)
}

/// Replies through a live scheduler's mailbox, counted as its external work.
public struct MailboxDelivery: ReplyDelivery {
    private let scheduler: LiveScheduler
    private let mailbox: Mailbox

    @MainActor public init(_ scheduler: LiveScheduler) {
        self.scheduler = scheduler
        mailbox = scheduler.mailbox
    }

    @MainActor public func beginWork() -> any Disposable { scheduler.beginExternalWork() }
    public func deliver(_ action: @escaping @Sendable @MainActor () -> Void) { mailbox.post(action) }
}

/// For a transport that answers on the main thread (a cassette): replies run at once, and the
/// scheduler's own timers are the pending work.
public final class MainThreadDelivery: ReplyDelivery {
    public init() {}
    @MainActor public func beginWork() -> any Disposable { ActionDisposable {} }
    public func deliver(_ action: @escaping @Sendable @MainActor () -> Void) { MainActor.assumeIsolated { action() } }
}
