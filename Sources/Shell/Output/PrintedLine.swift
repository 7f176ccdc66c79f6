/// One line of standard output, and whether a timer printed it (an update) rather than the
/// command that was running.
package struct PrintedLine {
    var text: String
    let isUpdate: Bool
}
