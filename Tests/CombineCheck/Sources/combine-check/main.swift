// Runs each generated pipeline (Pipelines.swift, written by Tests/EndToEnd/test_combine_code.py)
// on the virtual clock and prints its events under its name, for the suite to compare with the
// playground's.
for (name, run) in pipelines {
    DispatchQueue.main.reset()
    print("== \(name)")
    for line in run() { print(line) }
}
