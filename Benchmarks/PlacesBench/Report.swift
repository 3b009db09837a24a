import TestingSupport

/// Prints the machine and the results as one Markdown table.
struct Report {
    let machine: Machine
    let rows: [ResultRow]

    func print() {
        Swift.print("Machine: \(machine)")
        Swift.print("")
        Swift.print("| measurement | ours (median) | baseline (median) | ratio | target | met? |")
        Swift.print("|---|---:|---:|---:|---:|:---:|")
        for row in rows {
            Swift.print("| " + row.cells.joined(separator: " | ") + " |")
        }
        Swift.print("")
        Swift.print("ratio = baseline ÷ ours (above 1: ours is faster); p90 over all keystrokes of all rounds.")
    }
}
