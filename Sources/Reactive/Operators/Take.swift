extension Signal {
    /// Sends the first `count` values, then completes.
    public func take(_ count: Int) -> Signal {
        Signal { observer in
            guard count > 0 else {
                observer.sendCompleted()
                return nil
            }
            var remaining = count
            return self.subscribe(within: observer.lifetime) { event in
                guard case .next = event else { return observer.send(event) }
                // Counted before forwarding, so a value sent re-entrantly by a subscriber is not let through.
                guard remaining > 0 else { return }
                remaining -= 1
                observer.send(event)
                if remaining == 0 { observer.sendCompleted() }
            }
        }
    }
}
