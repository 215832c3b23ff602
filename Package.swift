// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "VideoWall",
    platforms: [.macOS(.v13)],
    products: [
        // The engine is a library first: the command line is one client of it. `import VideoWall`
        // brings the engine and the core's value types.
        .library(name: "VideoWall", targets: ["VideoWall"]),
        .executable(name: "videowall", targets: ["videowall"]),
        .executable(name: "videowall-embed-example", targets: ["videowall-embed-example"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // The web control page's HTTP server: no dependencies of its own (README, "Web control page").
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // C modules: system libraries plus static-inline shims for what Swift cannot import.
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer",
                       pkgConfig: "gstreamer-1.0 gstreamer-video-1.0 gstreamer-pbutils-1.0 gstreamer-app-1.0 gstreamer-base-1.0 gstreamer-tag-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk+-3.0",
                       providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CGLibLoop", path: "Sources/CGLibLoop", pkgConfig: "glib-2.0",
                       providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGio", path: "Sources/CGio", pkgConfig: "gio-2.0",
                       providers: [.apt(["libglib2.0-dev"])]),

        // Pure core: layout model, geometry, time, state machines, sync maths. No GStreamer, no GTK.
        .target(name: "VideoWallCore", dependencies: [.product(name: "Yams", package: "Yams")]),

        // The wire protocols, pure: mpv's JSON IPC (commands, properties, replies, line framing)
        // and what machines of one wall tell each other (timelines, layouts, follower reports).
        // Not part of the library product: the IPC server and the command line speak them.
        .target(name: "VideoWallProtocol", dependencies: ["VideoWallCore"]),

        // What a screen shows, pure: compare views, zoom, tile labels, the frame every tile
        // paints at a tick, the part of a canvas a screen shows, what a display must keep up
        // with. The window draws it; no GTK here.
        .target(name: "VideoWallPresentation", dependencies: ["VideoWallCore"]),

        // Thin safe layer over the GStreamer C API.
        .target(name: "GStreamerKit", dependencies: ["CGStreamer"]),

        // A thin safe layer over GIO: a folder monitor that runs its own GLib context on a thread
        // of its own, so it works under an async main with no GLib loop.
        .target(name: "GIOKit", dependencies: ["CGio"]),

        // Assets, players, coordinator, clock. Knows no window: it is handed a video output. Needs
        // no GLib main loop: its timers and bus messages come through the main dispatch queue.
        .target(name: "VideoWallEngine", dependencies: ["VideoWallCore", "GStreamerKit", "GIOKit"]),

        // Test media and measurement for the bench, the tests and the demo: generated clips
        // (frame-coded too) and the render recorder. Not part of the library product.
        .target(name: "VideoWallFixtures", dependencies: ["VideoWallCore", "VideoWallEngine", "GStreamerKit"]),

        // The library product: the engine and the core, one import.
        .target(name: "VideoWall", dependencies: ["VideoWallEngine", "VideoWallCore"]),

        // The GLib main loop on the main thread, bridged to the main dispatch queue, and the
        // stop signals: for programs that run GTK or a GLib loop (the window, the command line).
        .target(name: "GLibMainLoop", dependencies: ["GStreamerKit", "CGLibLoop", "CGio"]),

        // Remote control: mpv's JSON IPC on a Unix socket, served off the main thread and
        // applied to a coordinator. Knows no window: the program hands it screenshots and quit.
        // Built without package access: an adapter over the engine's public surface.
        .target(name: "VideoWallRemote", dependencies: ["VideoWallCore", "VideoWallProtocol", "VideoWallEngine", "GIOKit"], packageAccess: false),

        // The web control page and its HTTP API (`--http`): FlyingFox on tasks of its own, an
        // adapter over the same remote as the JSON IPC. Built without package access.
        .target(name: "VideoWallHTTP", dependencies: ["VideoWallCore", "VideoWallProtocol", "VideoWallRemote",
                                                      .product(name: "FlyingFox", package: "FlyingFox")], packageAccess: false),

        // The session bus through GLib's GDBus: MPRIS (org.mpris.MediaPlayer2) applied to a
        // coordinator, and screensaver inhibition for kiosk walls. Needs the GLib main loop on
        // the main thread (its callbacks come from the default context); the engine knows none of it.
        // Built without package access, as the IPC server is.
        .target(name: "VideoWallDBus", dependencies: ["VideoWallCore", "VideoWallProtocol", "VideoWallEngine", "CGio"], packageAccess: false),

        // The GTK 3 wall window.
        .target(name: "VideoWallWindow", dependencies: ["VideoWallCore", "VideoWallPresentation", "VideoWallEngine", "GStreamerKit", "GIOKit", "CGtk"], packageAccess: false),

        // The benchmark: sync, loop, seek, start-up and cost, against bare GStreamer baselines.
        .target(name: "VideoWallBench", dependencies: ["VideoWallCore", "VideoWallProtocol", "VideoWallEngine", "VideoWallFixtures", "VideoWallWindow", "VideoWallRemote", "GStreamerKit", "GLibMainLoop"]),

        .executableTarget(name: "videowall", dependencies: [
            "VideoWallCore", "VideoWallProtocol", "VideoWallPresentation", "VideoWallEngine", "GIOKit", "VideoWallFixtures", "VideoWallWindow", "VideoWallRemote", "VideoWallHTTP", "VideoWallDBus", "VideoWallBench", "GLibMainLoop", "CMalloc",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // A program that embeds the wall with an async main and no GLib loop of its own. Without
        // package access it sees only what a client in another package sees: the public API.
        .executableTarget(name: "videowall-embed-example", dependencies: ["VideoWall"], path: "Examples/EmbedExample",
                          packageAccess: false),

        // Helpers every integration test uses: generated clips, the main loop, a virtual display.
        .target(name: "VideoWallTestSupport", dependencies: ["VideoWallEngine", "VideoWallFixtures", "GStreamerKit", "GLibMainLoop", "CGStreamer"], path: "Tests/TestSupport"),

        .testTarget(name: "VideoWallCoreTests", dependencies: ["VideoWallCore"]),
        .testTarget(name: "VideoWallProtocolTests", dependencies: ["VideoWallProtocol", "VideoWallCore"]),
        .testTarget(name: "VideoWallPresentationTests", dependencies: ["VideoWallPresentation", "VideoWallCore"]),
        .testTarget(name: "GStreamerKitTests", dependencies: ["GStreamerKit", "GLibMainLoop", "VideoWallTestSupport"]),
        .testTarget(name: "VideoWallEngineTests", dependencies: ["VideoWallEngine", "GStreamerKit", "GIOKit", "VideoWallTestSupport"]),
        .testTarget(name: "VideoWallFixturesTests", dependencies: ["VideoWallFixtures", "VideoWallCore"]),
        .testTarget(name: "VideoWallBenchTests", dependencies: ["VideoWallBench", "VideoWallEngine", "VideoWallCore", "VideoWallTestSupport"]),
        .testTarget(name: "VideoWallWindowTests", dependencies: ["VideoWallPresentation", "VideoWallWindow", "VideoWallEngine", "VideoWallFixtures", "GStreamerKit", "VideoWallTestSupport"]),
        .testTarget(name: "VideoWallCLITests", dependencies: ["VideoWallProtocol", "VideoWallRemote", "VideoWallHTTP", "GIOKit", "videowall", "videowall-embed-example", "VideoWallEngine", "VideoWallPresentation", "VideoWallWindow", "VideoWallTestSupport", "CGio"]),
    ]
)
