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
                    inners.add(execution.traced(name, in: log, describe: describe).start())
                })
            return inners
        }
    }
}
