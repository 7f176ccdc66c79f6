/// Something that can be cancelled: a subscription, a timer, a request.
///
/// Disposing is idempotent; a disposed subscription delivers nothing more.
@MainActor
public protocol Disposable: AnyObject {
    var isDisposed: Bool { get }
    func dispose()
}

/// Runs an action once, on the first `dispose()`.
@MainActor
public final class ActionDisposable: Disposable {
    private var action: (() -> Void)?

    public init(_ action: @escaping () -> Void = {}) { self.action = action }

    public var isDisposed: Bool { action == nil }

    public func dispose() {
        let pending = action
        action = nil
        pending?()
    }
}

/// Disposes all of its children together; a child added after disposal is disposed at once.
@MainActor
public final class CompositeDisposable: Disposable {
    private var children: [any Disposable] = []
    public private(set) var isDisposed = false

    public init() {}

    public func add(_ child: (any Disposable)?) {
        guard let child else { return }
        if isDisposed { child.dispose() } else { children.append(child) }
    }

    /// Forgets a child that has ended by itself (a fired timer), without disposing it.
    public func remove(_ child: any Disposable) {
        children.removeAll { $0 === child }
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let pending = children
        children = []
        for child in pending { child.dispose() }
    }
}

/// Holds one child at a time; setting a new child disposes the previous one (switch-to-latest).
@MainActor
public final class SerialDisposable: Disposable {
    public private(set) var isDisposed = false

    public init() {}

    public var inner: (any Disposable)? {
        didSet {
            oldValue?.dispose()
            if isDisposed { inner?.dispose() }
        }
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        inner?.dispose()
    }
}

extension Disposable {
    /// Adds this disposable to a bag, so it lives as long as the bag's owner's work.
    public func disposed(by bag: CompositeDisposable) { bag.add(self) }
}
