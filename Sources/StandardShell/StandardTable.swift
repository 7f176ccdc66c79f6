import Classroom
import Instruments
import Lessons
import Pipelines
import PlaygroundShell
import Serving
import Shell

/// The whole table: the core's commands, the instruments' and the lessons'.
extension CommandTable {
    package static let standard = CommandTable(topics: [
        CommandTopic(
            name: "app", title: "the Flickr search app: search, navigate, page through photos",
            commands: searchCommands + [words] + navigationCommands + photoCommands),
        CommandTopic(
            name: "instruments", title: "watch the ViewModels: trace, draw, inspect, count, fake the network",
            commands: [trace] + marbleCommands + [export, set, inspect, stats, fetch, net, type]),
        CommandTopic(
            name: "dataflow", title: "see the dataflow: a graph, where events come from, breakpoints, leaks",
            commands: dataflowCommands),
        CommandTopic(
            name: "lessons", title: "scripts that check themselves: expect, exercises, save, replay, rewind",
            commands: expectCommands + exerciseCommands + lessonCommands),
        CommandTopic(
            name: "playground", title: "signals defined at the prompt (help operators, help sources)",
            commands: playgroundCommands + [pipeline, validation, compare, code]),
        CommandTopic(
            name: "session", title: "time, serving the session to a class, its questions, help and leaving",
            commands: [wait, clock, serve] + classroomCommands + [help, clear, quit]),
    ])
}
