/// mpv's `--hwdec`: which video decoders the wall lets GStreamer pick. GStreamer chooses a
/// decoder by rank; the choice is made by changing ranks in the registry before anything is
/// described or played, so discovery, every tile and every later item pick the same way.
///
/// - `auto`: as GStreamer ranks them, except that VA-API decoders (the `va` plugin), which
///   GStreamer 1.22 registers with no rank, are raised above the software ones when a VA
///   device opened (as mpv's `auto` tries VA-API).
/// - `no`: software only: every hardware decoder is put out of reach.
/// - `nvdec`, `vaapi`, `v4l2`: that family first, the other hardware families out of reach;
///   software still plays what the family cannot.
package enum HardwareDecoding: String, CaseIterable, Sendable {
    case auto, no, nvdec, vaapi, v4l2

    /// GStreamer's ranks (`GstRank`).
    package static let rankNone: UInt32 = 0
    package static let rankPrimary: UInt32 = 256

    /// A registered video decoder as the registry lists it.
    package struct Decoder: Sendable, Equatable {
        package var name: String
        package var rank: UInt32
        /// Its class says "Hardware" (`Codec/Decoder/Video/Hardware`).
        package var isHardware: Bool

        package init(name: String, rank: UInt32, isHardware: Bool) {
            self.name = name
            self.rank = rank
            self.isHardware = isHardware
        }

        /// Hardware by its class, or by its name's family (a plugin that does not say so).
        package var isHardwareDecoder: Bool { isHardware || HardwareDecoding.family(ofDecoder: name) != nil }
    }

    /// The hardware family a decoder belongs to, by its factory's name: NVIDIA's nvcodec
    /// (`nvh264dec`, `nvh265sldec`), VA-API (`vah264dec`, and gstreamer-vaapi's
    /// `vaapih264dec`), V4L2 (`v4l2slh264dec`, `v4l2h264dec`); nil for the others.
    package static func family(ofDecoder name: String) -> HardwareDecoding? {
        if name.hasPrefix("nv") { return .nvdec }
        if name.hasPrefix("va") && !name.hasPrefix("val") { return .vaapi }
        if name.hasPrefix("v4l2") { return .v4l2 }
        return nil
    }

    /// A decoder of the `va` plugin, which GStreamer 1.22 registers unranked and only for the
    /// VA devices it found (not gstreamer-vaapi's `vaapi...`, which rank themselves).
    package static func isVADecoder(_ name: String) -> Bool {
        family(ofDecoder: name) == .vaapi && !name.hasPrefix("vaapi")
    }

    /// The ranks to give, by decoder name, for this choice: only those that change.
    /// `vaDeviceOpens`: whether a VA display could be opened (then `auto` raises the `va`
    /// decoders, which 1.22 ranks none).
    package func rankChanges(for decoders: [Decoder], vaDeviceOpens: Bool) -> [String: UInt32] {
        var changes: [String: UInt32] = [:]
        let preferred = Self.rankPrimary + 1
        for decoder in decoders {
            guard decoder.isHardwareDecoder else { continue }
            let family = Self.family(ofDecoder: decoder.name)
            let wanted: UInt32
            switch self {
            case .auto:
                guard Self.isVADecoder(decoder.name), vaDeviceOpens, decoder.rank < preferred else { continue }
                wanted = preferred
            case .no:
                wanted = Self.rankNone
            case .nvdec, .vaapi, .v4l2:
                wanted = family == self ? max(decoder.rank, preferred) : Self.rankNone
            }
            if wanted != decoder.rank { changes[decoder.name] = wanted }
        }
        return changes
    }
}
