import Shell

extension Shell {
    /// Makes the server `--serve` and `serve on` start; nil in a build without one (the quick build).
    public var makeServer: (() -> any SessionServing)? {
        get { context.session.serving.makeServer }
        set { context.session.serving.makeServer = newValue }
    }

    /// `--serve`: starts serving before the first command; false, having said why in one line, when it cannot.
    public func serve(at address: ServeAddress) -> Bool {
        do throws(CommandFailure) {
            try CommandTable.startServing(at: address, context)
            return true
        } catch {
            output.writeUnrecorded("vmsh: \(error.message.sanitizedForTerminal)\n")
            return false
        }
    }

    /// Stops serving, if serving: at exit, so each student's page says the session ended.
    public func stopServing() { CommandTable.stopServing(output, atExit: true) }

    /// What a build without a server says to `--serve`.
    public static let noServer = "vmsh: \(CommandTable.noServer)\n"
}
