internal import CGStreamer

/// A pipeline clock served over the network (`GstNetTimeProvider`): followers' client clocks
/// (`Clock.networkClient`) ask it the time over UDP and slave to it. Stops serving when released.
public final class NetworkTimeProvider: ObjectReference, @unchecked Sendable {
    /// The UDP port it answers on.
    public let port: Int

    /// `gst_net_time_provider_new`: serves `clock` on `address` (nil: every address) and `port`.
    public init(serving clock: Clock, address: String? = nil, port: Int) throws(GStreamerError) {
        try GStreamer.initialize()
        guard (1...65535).contains(port), let raw = gst_net_time_provider_new(clock.clock, address, Int32(port)) else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot serve the clock on UDP port \(port) (in use, or not allowed)")
        }
        self.port = port
        super.init(pointer: UnsafeMutableRawPointer(raw), transfer: .full)
    }
}

/// What a network client clock last said of its synchronisation (its `gst-netclock-statistics`).
public struct NetworkClockStatistics: Sendable, Equatable {
    public var synchronised: Bool
    /// The round trip to the provider, averaged (nanoseconds).
    public var roundTripAverage: Int64
    /// How far the local clock is set from the remote one (nanoseconds).
    public var localClockOffset: Int64
    /// The estimate's error bounds from the last exchange (nanoseconds).
    public var remoteMinimumError: Int64
    public var remoteMaximumError: Int64
}

extension Clock {
    /// `gst_net_client_clock_new`: a clock that follows the `NetworkTimeProvider` at `address`
    /// and `port`, polling it over UDP. Its statistics go to `bus` as element messages.
    ///
    /// `pollInterval` and `window` (nil: GStreamer's own, 1 s and 32) set how often it asks
    /// once it follows, and over how many answers its linear regression estimates the
    /// provider's time and rate: on a link with jitter, few answers far apart give a rate
    /// several percent off for a second (see `tuneEstimate`).
    public static func networkClient(address: String, port: Int, bus: Bus? = nil, pollInterval: ClockTime? = nil,
                                     window: Int? = nil) throws(GStreamerError) -> Clock {
        try GStreamer.initialize()
        guard (1...65535).contains(port), !address.isEmpty,
              let raw = gst_net_client_clock_new("videowall-network-clock", address, Int32(port), 0) else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot make a clock following \(address):\(port)")
        }
        let clock = NetworkClientClock(raw: UnsafeMutableRawPointer(raw), transfer: .full)
        if let bus { try? clock.setObject("bus", bus) }
        clock.tuneEstimate(pollInterval: pollInterval, window: window)
        return clock
    }

    /// `gst_clock_is_synced`: a network client clock says whether it follows its provider yet.
    public var isSynced: Bool { gst_clock_is_synced(clock) != 0 }

    /// `gst_clock_wait_for_sync`: blocks the calling thread (never the main one) until the clock
    /// is synchronised or `timeout` passed; whether it is.
    public func waitForSync(timeout: ClockTime) -> Bool {
        gst_clock_wait_for_sync(clock, GstClockTime(timeout.nanoseconds)) != 0
    }
}

/// A network client clock: it lets go of its statistics bus before it goes. GStreamer 1.22
/// keeps the internal clock it shares among client clocks of one address for 60 s after the
/// last one goes, with the buses they had, and warns when it finally drops it ("runtime check
/// failed: (self->busses == NULL)"); setting "bus" to none first empties that list.
final class NetworkClientClock: Clock, @unchecked Sendable {
    deinit { try? setObject("bus", nil) }

    /// The estimate is made by the internal clock a client clock follows (its "internal-clock",
    /// shared by the client clocks of one address): it asks every `timeout` once its answers
    /// correlate, and regresses over its last `window-size` answers (`GstClock` properties,
    /// read by `gst_clock_add_observation_unapplied`). Setting them on the client clock does
    /// nothing. The window restarts when its size is set: done before the first answers count.
    func tuneEstimate(pollInterval: ClockTime?, window: Int?) {
        guard pollInterval != nil || window != nil, let raw = try? objectPointer("internal-clock") else { return }
        let estimator = Clock(raw: raw, transfer: .full)
        if let pollInterval { try? estimator.set("timeout", Int(clamping: pollInterval.nanoseconds)) }
        if let window { try? estimator.set("window-size", window) }
    }
}
