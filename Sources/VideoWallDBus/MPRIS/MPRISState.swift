/// The Player properties that PropertiesChanged tells of, as they were last read.
struct MPRISState: Equatable {
    var playbackStatus: String
    var rate: Double
    var volume: Double
    var metadata: MPRISMetadata
}
