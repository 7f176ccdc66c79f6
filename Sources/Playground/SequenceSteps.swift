/// The steps a pulled sequence takes, each lazy: it reads its source only when asked for a value.
extension Definition.Step {
    typealias Pass = PlaySequence.Pass

    /// This step applied to one pass over a sequence; nil for steps sequences do not take.
    func lazily(_ source: Pass) -> Pass? {
        var failed = false
        /// Ends the pass after the first failure, as a signal ends after an error.
        func guarded(_ next: @escaping () -> Result<PlayValue, PlayFailure>?) -> Pass {
            AnyIterator {
                guard !failed, let result = next() else { return nil }
                if case .failure = result { failed = true }
                return result
            }
        }
        switch self {
        case .map(let function):
            return guarded { source.next().map { $0.flatMap(function.apply) } }
        case .filter(let predicate):
            return guarded {
                while let result = source.next() {
                    guard case .success(let value) = result else { return result }
                    switch predicate.test(value) {
                    case .success(true): return result
                    case .success(false): continue
                    case .failure(let failure): return .failure(failure)
                    }
                }
                return nil
            }
        case .scan(let reducer):
            var total = reducer.start
            return guarded {
                source.next().map { result in
                    result.flatMap { reducer.combine(total, $0) }.map {
                        total = $0
                        return $0
                    }
                }
            }
        case .fold(let reducer):
            var done = false
            return guarded {
                guard !done else { return nil }
                done = true
                var total = reducer.start
                while let result = source.next() {
                    switch result.flatMap({ reducer.combine(total, $0) }) {
                    case .success(let next): total = next
                    case .failure(let failure): return .failure(failure)
                    }
                }
                return .success(total)
            }
        case .take(let count):
            var taken = 0
            return guarded {
                guard taken < count else { return nil }
                taken += 1
                return source.next()
            }
        case .skip(let count):
            var skipped = false
            return guarded {
                if !skipped {
                    skipped = true
                    for _ in 0..<count where source.next() == nil { return nil }
                }
                return source.next()
            }
        case .distinctUntilChanged:
            var last: PlayValue?
            return guarded {
                while let result = source.next() {
                    guard case .success(let value) = result else { return result }
                    if value == last { continue }
                    last = value
                    return result
                }
                return nil
            }
        case .rac(let step): return step.lazily(source)
        default:
            return nil
        }
    }
}
