/// When a large live index (the map's `LivePlaceIndex`, the list's `LiveSearchIndex`) gets new
/// snapshots of its segments: one at a time, built on `SnapshotBuilder`'s thread and put in place
/// after the window's next frame, the next planned as soon as one is in place; and, a second after
/// the index last changed, every segment with any change left, however few (too few for the index's
/// own rule while a file pours in), in turn. The owner says how to plan, build and install; the
/// schedule says when.
@MainActor
final class SnapshotSchedule<Plan: Sendable, Built: Sendable> {
    /// The next snapshot's plan, given whether the index is quiet (then any change is worth one);
    /// nil when none is due.
    private let plan: (_ isQuiet: Bool) -> Plan?
    private let build: @Sendable (Plan) -> Built
    private let install: (Built) -> Void
    private let pacer: any FramePacing
    private let clock: AppClock
    private var isBuilding = false
    /// The index has not changed for a second: snapshots take every segment's changes until none is left.
    private var isQuiet = false
    private var quietWait: Task<Void, Never>?

    init(pacer: any FramePacing, clock: AppClock, plan: @escaping (_ isQuiet: Bool) -> Plan?,
         build: @escaping @Sendable (Plan) -> Built, install: @escaping (Built) -> Void) {
        self.pacer = pacer
        self.clock = clock
        self.plan = plan
        self.build = build
        self.install = install
    }

    /// The index changed: builds a snapshot if one is due, and waits a second for quiet again (only
    /// when `waitsForQuiet`: an index built in place has nothing to tidy).
    func indexChanged(waitsForQuiet: Bool) {
        isQuiet = false
        if waitsForQuiet {
            quietWait?.cancel()
            quietWait = Task { [weak self, clock] in
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                guard let self else { return }
                isQuiet = true
                buildIfDue()
            }
        }
        buildIfDue()
    }

    private func buildIfDue() {
        guard !isBuilding else { return }
        guard let plan = plan(isQuiet) else {
            isQuiet = false
            return
        }
        isBuilding = true
        let input = SnapshotBuilder.Held(plan)
        Task { [weak self, build, pacer] in
            let snapshot = await SnapshotBuilder.snapshot(from: input, build)
            _ = await pacer.nextFrame()
            guard let self else { return }
            install(snapshot)
            isBuilding = false
            buildIfDue()
        }
    }
}
