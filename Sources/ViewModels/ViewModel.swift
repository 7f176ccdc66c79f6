import PhotoModel
import Reactive

/// A ViewModel that can live on the navigation stack: the "model of the view". What it shows is
/// declared once, in `outputs`.
@MainActor
public protocol ViewModel: DeclaresOutputs {
    /// What the view shows as its heading, and the stack lists.
    var title: String { get }
    /// Call when the ViewModel becomes the top of the stack (true) or stops being it (false).
    func setActive(_ active: Bool)
    /// Call when the ViewModel leaves the stack: cancels all of its work.
    func dispose()
}

extension ViewModel {
    public func setActive(_ active: Bool) {}
}

/// What ViewModels may ask of the app (RWTViewModelServices): the Model's service, the
/// scheduler that carries time, and navigation, without ever knowing a View.
@MainActor
public protocol ViewModelServices: AnyObject {
    var searchService: any PhotoSearchService { get }
    var scheduler: any Scheduler { get }
    /// Shows `viewModel` on top of the current one (pushViewModel:).
    func push(_ viewModel: any ViewModel)
    /// Removes the top ViewModel, cancelling its work; false at the root.
    @discardableResult
    func pop() -> Bool
    /// Where recent searches last between sessions; nil keeps them in memory only.
    var recentSearchStore: (any RecentSearchStore)? { get }
    /// The teaching instruments' view of this layer; nil when nobody is watching.
    var instrumentation: Instrumentation? { get }
}

extension ViewModelServices {
    public var recentSearchStore: (any RecentSearchStore)? { nil }
    public var instrumentation: Instrumentation? { nil }
}
