import TerminalViews

/// The photo pager and the gallery (FunctionalReactivePixels): `next` / `prev` in the pager,
/// `popular` for the gallery. `open N` on a photo list is in the navigation commands.
extension CommandTable {
    package static let photoCommands: [ShellCommand] = [
        ShellCommand(
            name: "next",
            summary: "in the photo pager: show the next photo; the one left becomes inactive, cancelling its fetch",
            example: "next", run: { _, context throws(CommandFailure) in try page(context, forward: true) }),
        ShellCommand(
            name: "prev",
            summary: "in the photo pager: show the previous photo",
            example: "prev", run: { _, context throws(CommandFailure) in try page(context, forward: false) }),
        ShellCommand(
            name: "popular",
            summary: "go back to the root and push the gallery of the most interesting photos (it loads once active)",
            example: "popular", tooMany: "popular takes no arguments; to search for a text: search TEXT",
            run: { _, context throws(CommandFailure) in
                context.navigator.showGallery()
                return .succeeded
            }),
    ]

    private static func page(_ context: CommandContext, forward: Bool) throws(CommandFailure) -> LineOutcome {
        guard let pager = context.navigator.top as? any PhotoPaging else {
            throw CommandFailure(
                "\(forward ? "next" : "prev") works in the photo pager; open N on a results list or the gallery first")
        }
        if let refusal = pager.page(forward: forward) { throw CommandFailure(refusal.message) }
        return .succeeded
    }
}
