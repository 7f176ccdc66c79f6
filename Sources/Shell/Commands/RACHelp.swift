import Playground

/// `help rac SELECTOR`: the playground's table of RAC 2 selectors (RACSelectorGuide), printed.
@MainActor
enum RACHelp {
    static func run(_ selector: String?, _ context: CommandContext) throws(CommandFailure) -> LineOutcome {
        switch RACSelectorGuide.answer(selector) {
        case .success(let lines):
            for line in lines { TextWrap.lines("", line, width: context.lineWidth).forEach(context.say) }
            return .succeeded
        case .failure(let error): throw CommandFailure(error.message)
        }
    }
}
