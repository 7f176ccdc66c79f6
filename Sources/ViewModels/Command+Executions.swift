import Reactive

extension Command {
    /// executionSignals as the instruments record it: each run's signal named "PREFIX N" as it
    /// starts, and recorded under that name itself, so each inner signal is its own lane.
    func numberedExecutions(
        _ prefix: String, in log: EventLog?, describe: @escaping (Output) -> String
    ) -> Signal<String> {
        let executions = executionSignals
        return Signal { observer in
            var count = 0
            let inners = CompositeDisposable()
            inners.add(
                executions.subscribeNext { execution in
                    count += 1
                    let name = "\(prefix) \(count)"
                    observer.send(name)
                    // A run that ended is forgotten: a session searches many thousand times.
                    let run = SerialDisposable()
                    inners.add(run)
                    run.inner = execution.traced(name, in: log, describe: describe).subscribe {
                        [weak inners, weak run] event in
                        if event.isTerminating, let run { inners?.remove(run) }
                    }
                })
            return inners
        }
    }
}
