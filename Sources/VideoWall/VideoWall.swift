// The library product: `import VideoWall` is all a program that embeds the wall needs.
@_exported import VideoWallCore
@_exported import VideoWallEngine
