/// Every operator of the notation, in the order `help operators` lists them: one line each.
/// A new operator is a file in this folder and a line here (Tests/PlaygroundTests/OperatorRegistryTests
/// checks that every file's operator is listed).
enum Operators {
    static let all: [any PlayOperator.Type] = [
        MapStep.self,
        FilterStep.self,
        ReduceStep.self,
        TakeStep.self,
        SkipStep.self,
        DistinctUntilChangedStep.self,
        DelayStep.self,
        ThrottleStep.self,
        ThrottleLeadingStep.self,
        TakeUntilStep.self,
        MergeStep.self,
        CombineLatestStep.self,
        FlattenStep.self,
        CatchToStep.self,
        PublishStep.self,
        ReplayStep.self,
        AutoconnectStep.self,
        SignalStep.self,
        // RAC 2's other operators, beside the tutorials' own.
        CatchStep.self,
        SideEffectStep.self,
        IgnoreStep.self,
        ReduceEachStep.self,
        ReduceWithStartStep.self,
        ReplayLastStep.self,
        ReplayLazilyStep.self,
        StartWithStep.self,
        ConcatStep.self,
        ThenStep.self,
        RetryStep.self,
        MaterializeStep.self,
        DematerializeStep.self,
        TimeoutStep.self,
        BufferWithTimeStep.self,
        SampleStep.self,
        SchedulerStep.self,
        SkipWhileStep.self,
        ZipStep.self,
    ]

    /// Each operator's help, in the registry's order.
    static let help: [PlaygroundGuide] = all.flatMap { $0.help }

    /// The operator each word names.
    static let named: [String: any PlayOperator.Type] = Dictionary(
        all.flatMap { type in type.help.map { ($0.name, type) } }, uniquingKeysWith: { first, _ in first })
}
