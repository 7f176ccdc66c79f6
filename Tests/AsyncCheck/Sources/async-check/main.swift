import Glibc

// Runs each generated pipeline (Pipelines.swift, written by Tests/EndToEnd/test_async_code.py)
// on the check's clock and loop and prints its events under its name, for the suite to compare
// with the playground's. Each name is flushed before its run: a pipeline that stops the program
// is the last one named.
Loop.install()
for (name, run) in pipelines {
    clock.reset()
    print("== \(name)")
    fflush(nil)
    for line in run() { print(line) }
}
