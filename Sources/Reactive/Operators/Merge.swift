extension Signal {
    /// Sends the values of this signal and `other` as they come; completes when both have
    /// (merge:, RAC's merge(with:)).
    public func merge(with other: Signal) -> Signal {
        Signal.merge([self, other])
    }
}
