import SessionWire

extension ServeLimits {
    /// `VMSH_SERVE_LIMITS` read with the shell's one duration grammar (`idle=1s`).
    public init?(overrides: String) {
        self.init(overrides: overrides, duration: Shell.parseDuration)
    }
}
