import Glibc

// Runs each generated pipeline (Pipelines.swift, written by Tests/EndToEnd/test_combine_code.py)
// on the virtual clock and prints its events under its name, for the suite to compare with the
// playground's. Each name is flushed before its run: a pipeline that stops the program is the
// last one named.
for (name, run) in pipelines {
    DispatchQueue.main.reset()
    print("== \(name)")
    fflush(nil)
    for line in run() { print(line) }
}
