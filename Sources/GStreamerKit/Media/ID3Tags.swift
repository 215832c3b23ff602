internal import CGStreamer

/// ID3v2 tags read by GStreamer's tag library (`gst_tag_list_from_id3v2_tag`), as tag names
/// and values in text (`title`, `artist`, ...).
public enum ID3Tags {
    /// Nil when `tag` is not a whole ID3v2 tag GStreamer can read.
    public static func read(_ tag: [UInt8]) -> [String: String]? {
        guard tag.count >= 10, let buffer = tag.withUnsafeBytes({ gst_buffer_new_memdup($0.baseAddress, gsize($0.count)) }) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)) }
        guard let list = gst_tag_list_from_id3v2_tag(buffer) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(list).assumingMemoryBound(to: GstMiniObject.self)) }
        return TagReader.dictionary(list)
    }
}
