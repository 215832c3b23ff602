import Foundation

/// GStreamer's error text as one line a user can read. An adaptive demuxer (HLS) that gives up
/// on a segment reports its fetcher's debug text as the message:
/// `File not found: ../ext/soup/gstsouphttpsrc.c(1683): gst_soup_http_src_parse_status (): /GstPlayBin:tile0/.../GstSoupHTTPSrc:souphttpsrc1:\nFile not found (404), URL: http://host/segment3.ts, Redirect to: (NULL)\n`.
/// The source-file location and the element path mean nothing to the user and the line breaks
/// split the message: what is left is the summary and the detail, once.
package enum GStreamerText {
    package static func readable(_ text: String) -> String {
        var text = text
        // "file.c(123): function (): /GstPipeline:name/...:" up to the end of its line.
        if let location = text.range(of: #"[^\s:]+\.c\(\d+\): [A-Za-z0-9_]+ \(\): [^\n]*"#, options: .regularExpression) {
            text.removeSubrange(location)
        }
        text = text.replacingOccurrences(of: ", Redirect to: (NULL)", with: "")
        let parts = text.split(whereSeparator: { $0.isNewline }).map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasSuffix(":") ? String($0.dropLast()).trimmingCharacters(in: .whitespaces) : $0 }
            .filter { !$0.isEmpty }
        // "File not found" then "File not found (404), URL: ...": the detail says it all.
        var kept: [String] = []
        for part in parts {
            if let last = kept.last, part.hasPrefix(last) { kept[kept.count - 1] = part } else { kept.append(part) }
        }
        return kept.joined(separator: ": ")
    }
}
