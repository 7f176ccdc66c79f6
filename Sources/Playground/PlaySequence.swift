import Reactive

/// A pulled sequence (RACSequence, RXCollections): nothing happens until a value is asked
/// for, and only as many source values are read as the asker needs.
@MainActor
struct PlaySequence {
    /// One pass over the values: each a value or the failure that ends the pass.
    typealias Pass = AnyIterator<Result<PlayValue, PlayFailure>>

    /// Starts a new pass: each call reads the source again from its start.
    let makeIterator: () -> Pass
    /// The source's values, for `signals`.
    let count: Int

    /// A literal sequence whose reads are counted in `reads`.
    static func literal(_ values: [PlayValue], reads: Counter) -> PlaySequence {
        PlaySequence(
            makeIterator: {
                var index = 0
                return AnyIterator {
                    guard index < values.count else { return nil }
                    defer { index += 1 }
                    reads.value += 1
                    return .success(values[index])
                }
            }, count: values.count)
    }

    /// This sequence with `transform` applied to each pass (the lazy operator).
    func then(_ transform: @escaping (Pass) -> Pass) -> PlaySequence {
        let make = makeIterator
        return PlaySequence(makeIterator: { transform(make()) }, count: count)
    }

    /// This sequence pulled through an operator: `read` is called once per pass with that pass's
    /// source and gives the pass's next result; the pass ends after the first failure, as a
    /// signal ends after an error. Whatever `read` keeps is the pass's own, as each subscription's is.
    func pulling(_ read: @escaping (Pass) -> () -> Result<PlayValue, PlayFailure>?) -> Stage {
        .sequence(
            then { source in
                let next = read(source)
                var failed = false
                return AnyIterator {
                    guard !failed, let result = next() else { return nil }
                    if case .failure = result { failed = true }
                    return result
                }
            })
    }

    /// The values pushed at once, then completed (RACSequence's signal): the same values, now pushed.
    var signal: Signal<PlayValue> {
        let make = makeIterator
        return Signal { observer in
            let iterator = make()
            while let next = iterator.next(), !observer.isStopped {
                switch next {
                case .success(let value): observer.send(value)
                case .failure(let failure): observer.send(error: failure)
                }
            }
            observer.sendCompleted()
            return nil
        }
    }
}

/// A count shared by the closures of a sequence.
final class Counter {
    var value = 0
}
