/// The comments `save` writes at the top of a lesson: its mark, how the session was started,
/// how to replay it. None of them is the lesson's title: the first comment after them is.
package enum LessonHeader {
    /// The first line of every saved lesson: how `save` knows a file is its own to overwrite.
    package static let mark = "# vmsh lesson, written by save"
    package static let startedWith = "# the session was started with:"
    package static let replay = "# replay it:"

    /// True for one of the header's lines.
    package static func isHeader(_ comment: String) -> Bool {
        [mark, startedWith, replay].contains { comment.hasPrefix($0) }
    }
}
