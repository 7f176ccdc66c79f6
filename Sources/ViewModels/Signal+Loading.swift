import Reactive

extension Signal {
    /// Keeps a load's state in properties, as the book's ViewModels do with their loading flag,
    /// but with its error fixed: `isLoading` is true from subscription until the load succeeds,
    /// fails OR is cancelled; a failure is said in `loadError` and then ends the signal quietly,
    /// so the activity pipeline around it lives on to try again.
    func trackingLoad(isLoading: MutableProperty<Bool>, loadError: MutableProperty<String?>) -> Signal {
        on(
            subscribed: {
                if loadError.value != nil { loadError.value = nil }
                isLoading.value = true
            },
            event: { event in
                switch event {
                case .next: break
                case .failed(let error):
                    loadError.value = "\(error)"
                    isLoading.value = false
                case .completed: isLoading.value = false
                }
            },
            disposed: { isLoading.value = false }
        )
        .catch { _ in .empty }
    }
}
