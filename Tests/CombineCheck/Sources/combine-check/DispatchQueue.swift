/// The generated code names `DispatchQueue.main`, as an app's would; here that is the virtual
/// clock, so the code compiles as written and its time is the test's.
enum DispatchQueue {
    static let main = VirtualScheduler()
    /// deliverOn and subscribeOn background name a global queue: the same virtual clock, so that
    /// the hop is a turn of it, as the playground's background is a turn of its own clock.
    static func global() -> VirtualScheduler { main }
}
