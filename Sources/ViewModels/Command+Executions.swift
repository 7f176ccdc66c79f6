import Reactive

extension Command {
    /// executionSignals as the instruments record it: each run's signal named "NAME N" of `owner`
    /// as it starts (its stream name's text), and recorded under that name itself, so each inner
    /// signal is its own lane.
    func numberedExecutions(
        owner: String, _ name: String, in log: EventLog?, describe: @escaping (Output) -> String
    ) -> Signal<String> {
        let executions = executionSignals
        return Signal { observer in
            var count = 0
            let inners = CompositeDisposable()
            inners.add(
                executions.subscribeNext { execution in
                    count += 1
                    let stream = StreamName(owner: owner, "\(name) \(count)")
                    observer.send(stream.text)
                    // A run that ended is forgotten: a session searches many thousand times.
                    let run = SerialDisposable()
                    inners.add(run)
                    run.inner = execution.traced(stream, in: log, describe: describe).subscribe {
                        [weak inners, weak run] event in
                        if event.isTerminating, let run { inners?.remove(run) }
                    }
                })
            return inners
        }
    }
}
