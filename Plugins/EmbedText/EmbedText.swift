import Foundation
import PackagePlugin

/// Embeds the served page's script (`follow-page.js` in the target's folder) into the target as
/// `FollowPageScript.source`, at build time: the script is a real JavaScript file in the
/// repository, and vmsh stays one file with no resource bundle beside it.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let script = target.directoryURL.appending(path: "follow-page.js")
        let generated = context.pluginWorkDirectoryURL.appending(path: "FollowPageScript.swift")
        return [
            .buildCommand(
                displayName: "Embedding follow-page.js",
                executable: try context.tool(named: "embed-text").url,
                arguments: [script.path(), generated.path(), "FollowPageScript"],
                inputFiles: [script],
                outputFiles: [generated])
        ]
    }
}
