// Every integration test makes its own clips: the fixtures come with the test support.
@_exported import VideoWallFixtures
