/// The RAC steps a pulled sequence takes, each lazy as the others in SequenceSteps.swift.
extension RACStep {
    func lazily(_ source: PlaySequence.Pass) -> PlaySequence.Pass? {
        var failed = false
        /// Ends the pass after the first failure, as a signal ends after an error.
        func guarded(_ next: @escaping () -> Result<PlayValue, PlayFailure>?) -> PlaySequence.Pass {
            AnyIterator {
                guard !failed, let result = next() else { return nil }
                if case .failure = result { failed = true }
                return result
            }
        }
        switch self {
        case .ignore(let ignored):
            return guarded {
                while let result = source.next() {
                    if case .success(let value) = result, value == ignored { continue }
                    return result
                }
                return nil
            }
        case .reduceEach(let how): return guarded { source.next().map { $0.flatMap(how.apply) } }
        case .scanWithStart(let start, let reducer):
            var total = start
            return guarded {
                source.next().map { result in
                    result.flatMap { reducer.combine(total, $0) }.map {
                        total = $0
                        return $0
                    }
                }
            }
        case .foldLeftWithStart(let start, let reducer):
            var done = false
            return guarded {
                guard !done else { return nil }
                done = true
                var total = start
                while let result = source.next() {
                    switch result.flatMap({ reducer.combine(total, $0) }) {
                    case .success(let next): total = next
                    case .failure(let failure): return .failure(failure)
                    }
                }
                return .success(total)
            }
        default: return nil
        }
    }
}
