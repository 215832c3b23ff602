import CMalloc
import Foundation

/// glibc gives threads that allocate at the same time arenas of their own (up to eight per
/// core), and a wall runs many streaming threads: over hours of looping, resident memory
/// creeps up with arenas that are never handed back. Two arenas keep it flat at no CPU cost
/// measurable here (BENCHMARKS.md, "Soak"). A MALLOC_ARENA_MAX the user set wins.
enum AllocatorArenas {
    static func limit() {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        _ = mallopt(M_ARENA_MAX, 2)  // what MALLOC_ARENA_MAX=2 sets at start-up
    }
}
