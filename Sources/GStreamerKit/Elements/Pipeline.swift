internal import CGStreamer

/// One owned `GstBin`.
public class Bin: Element, @unchecked Sendable {
    /// `gst_bin_add`: the bin takes its own reference; the Swift owner keeps ours.
    public func add(_ child: Element) throws(GStreamerError) {
        guard gst_bin_add(vw_bin(pointer), child.element) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "cannot add \(child.name) to \(name)")
        }
    }

    /// `gst_bin_get_by_name` (recursive).
    public func child(named name: String) -> Element? {
        gst_bin_get_by_name(vw_bin(pointer), name).map { Element(raw: UnsafeMutableRawPointer($0), transfer: .full) }
    }
}

/// One owned `GstPipeline` (a `playbin` is one).
public final class Pipeline: Bin, @unchecked Sendable {
    /// Makes a pipeline element by factory (`playbin`, `pipeline`).
    public override init(factory: String = "pipeline", name: String? = nil) throws(GStreamerError) {
        try super.init(factory: factory, name: name)
        guard vw_is_pipeline(pointer) != 0 else {
            throw GStreamerError(domain: "GStreamerKit", message: "'\(factory)' is not a pipeline")
        }
    }

    init(pipelineRaw: UnsafeMutableRawPointer, transfer: Transfer) {
        super.init(raw: pipelineRaw, transfer: transfer)
    }

    /// `gst_parse_launch`: builds a pipeline from a gst-launch description.
    public static func parse(_ description: String) throws(GStreamerError) -> Pipeline {
        try GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let raw = gst_parse_launch(description, &error)
        if let message = GStreamer.takeMessage(error) {
            if let raw { gst_object_unref(UnsafeMutableRawPointer(raw)) }
            throw GStreamerError(domain: "gst_parse_launch", message: message)
        }
        guard let raw else { throw GStreamerError(domain: "gst_parse_launch", message: "could not parse '\(description)'") }
        let pointer = UnsafeMutableRawPointer(raw)
        guard vw_is_pipeline(pointer) != 0 else {
            gst_object_unref(pointer)
            throw GStreamerError(domain: "gst_parse_launch", message: "'\(description)' is not a pipeline")
        }
        return Pipeline(pipelineRaw: pointer, transfer: .full)
    }

    /// `gst_pipeline_get_bus`.
    public var bus: Bus {
        Bus(raw: UnsafeMutableRawPointer(gst_pipeline_get_bus(vw_pipeline(pointer))), transfer: .full)
    }

    /// `gst_pipeline_use_clock`: forces this pipeline onto a given clock, so several pipelines
    /// share one time line.
    public func useClock(_ clock: Clock) {
        gst_pipeline_use_clock(vw_pipeline(pointer), clock.clock)
    }

    /// `gst_element_set_clock` on the pipeline, which hands `clock` to every element in it now.
    /// `useClock` alone is read only when the pipeline next chooses a clock (going from READY
    /// to PAUSED, or after a clock was lost), not when it resumes from PAUSED: a paused
    /// pipeline moved onto another clock needs both.
    @discardableResult
    public func setClock(_ clock: Clock) -> Bool {
        gst_element_set_clock(element, clock.clock) != 0
    }

    /// `gst_pipeline_auto_clock`: lets the pipeline pick a clock again (after a clock was lost).
    public func autoClock() { gst_pipeline_auto_clock(vw_pipeline(pointer)) }
}

extension Pipeline {
    /// Plays the pipeline to its end of stream on the calling thread (a worker thread: it
    /// blocks on the bus, `gst_bus_timed_pop_filtered`), throwing its first error, or that it
    /// did not start or end within `timeout` seconds. `abandon` is asked every 0.2 s and
    /// ends the run with the reason it gives (a copy that stopped moving: a stream that never
    /// came ends no sink). The pipeline is left in NULL.
    public func runToEnd(timeout: Double, what: String, abandon: (() -> String?)? = nil) throws(GStreamerError) {
        defer { setState(.null) }
        guard setState(.playing) != .failure else {
            if let message = bus.pop(timeout: .zero), case .error(let error) = message.kind { throw error }
            throw GStreamerError(domain: "Pipeline", message: "\(what): the pipeline refused to start")
        }
        let deadline = ContinuousClock.now + .seconds(timeout)
        while case let left = deadline - .now, left > .zero {
            let step = abandon == nil ? left : min(left, .milliseconds(200))
            if let message = bus.pop(timeout: .seconds(Double(step.components.seconds) + Double(step.components.attoseconds) / 1e18)) {
                if case .error(let error) = message.kind { throw error }
                return
            }
            if let reason = abandon?() { throw GStreamerError(domain: "Pipeline", message: "\(what): \(reason)") }
        }
        throw GStreamerError(domain: "Pipeline", message: "\(what) did not finish within \(Int(timeout)) s")
    }
}
