/// What running scripts keeps: how the session was started, and the files `source` reads now.
@MainActor
package final class ScriptState {
    /// How the session was started (its flags), for the header of a saved lesson.
    package var startedWith = ""
    /// The first script's first line, when it is a comment: the lesson's title, for `export`.
    package var title: String?
    /// True when `source` shows each command it runs.
    var echoesSourcedCommands = false
    /// How deep `source` is nested: a file that sources itself stops at `maximumSourceDepth`.
    var sourceDepth = 0
    /// The files `source` is reading now, outermost first.
    var sourcing: [SourcedFile] = []
    /// What confines the session to itself (`--grade`): while set, no command writes a file,
    /// starts a server or reads anything but a regular file.
    package var confinedBy: String?
}
