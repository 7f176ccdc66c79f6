import ArgumentParser

/// `--format`: the human transcript, or JSON lines for another program.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case jsonl
}
