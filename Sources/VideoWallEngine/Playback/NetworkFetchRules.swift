internal import GStreamerKit

/// What a network source's pipeline may fetch, applied to each element as it is made
/// (playbin's "element-setup" for a tile, the discoverer's for its description):
/// - it fetches over HTTP(S) only: a remote playlist whose segments say `file:///etc/...`
///   must not make the program read local files. An adaptive demuxer makes each fetcher from
///   the URI; one that is not HTTP(S) is locked in NULL (it never opens) and `onRefusal` is
///   told its URI;
/// - a segment the server no longer has is skipped (`MissingSegmentSkipper`).
struct NetworkFetchRules: Sendable {
    private let webOnly: Bool
    private let skipper: MissingSegmentSkipper
    private let onRefusal: @Sendable (String) -> Void

    init(sourceURI: String, onRefusal: @escaping @Sendable (String) -> Void, onSkip: @escaping @Sendable (String) -> Void) {
        webOnly = MediaLocation.isWeb(sourceURI)
        skipper = MissingSegmentSkipper(onSkip: onSkip)
        self.onRefusal = onRefusal
    }

    func apply(to element: Element) {
        guard webOnly else { return }
        if let uri = element.sourceURI, !MediaLocation.isWeb(uri) {
            element.lockState(true)
            onRefusal(uri)
        } else if MissingSegmentSkipper.isSegmentFetcher(element) {
            skipper.watch(fetcher: element)
        }
    }
}
