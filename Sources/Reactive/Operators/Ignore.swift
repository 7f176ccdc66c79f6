extension Signal where Value: Equatable {
    /// Every value but those equal to `ignored` (ignore:, by equality as RAC's isEqual:).
    public func ignore(_ ignored: Value) -> Signal { filter { $0 != ignored } }
}
