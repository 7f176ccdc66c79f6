import Foundation
import PackagePlugin

/// Embeds each file of the target's `Embedded` folder into the target at build time, as an enum
/// named after the file (`follow-page.js` as `FollowPageText.source`): the served page's script
/// and the files `code --package` writes are real files in the repository, checked as such, and
/// vmsh stays one file with no resource bundle beside it.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Embedded")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path()).filter { !$0.hasPrefix(".") }
        return try names.sorted().map { name in
            let file = folder.appending(path: name)
            let enumName = Self.enumName(name)
            let generated = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
            return .buildCommand(
                displayName: "Embedding \(name)",
                executable: try context.tool(named: "embed-text").url,
                arguments: [file.path(), generated.path(), enumName],
                inputFiles: [file],
                outputFiles: [generated])
        }
    }

    /// `follow-page.js` → `FollowPageText`: the name before its first dot, each word capitalized.
    static func enumName(_ file: String) -> String {
        let stem = file.split(separator: ".").first ?? ""
        return stem.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined() + "Text"
    }
}
