internal import GStreamerKit

/// What a network source's pipeline may fetch, applied to each element as it is made
/// (playbin's "element-setup" for a tile, the discoverer's for its description):
/// - it fetches over HTTP(S) only: a remote playlist whose segments say `file:///etc/...`
///   must not make the program read local files. An adaptive demuxer makes each fetcher from
///   the URI; one that is not HTTP(S) is locked in NULL (it never opens) and `onRefusal` is
///   told its URI;
/// - a segment the server no longer has is skipped (`MissingSegmentSkipper`).
/// The rules follow the source being opened: a playlist tile's items are each the user's own
/// choice, so a local item after a network one is read, while the network item's own fetches
/// stay HTTP(S) only.
struct NetworkFetchRules: Sendable {
    /// The URI the user named for what the pipeline opens now.
    private let currentSource: @Sendable () -> String
    private let skipper: MissingSegmentSkipper
    private let onRefusal: @Sendable (String) -> Void

    init(sourceURI: String, onRefusal: @escaping @Sendable (String) -> Void, onSkip: @escaping @Sendable (String) -> Void) {
        self.init(currentSource: { sourceURI }, onRefusal: onRefusal, onSkip: onSkip)
    }

    init(currentSource: @escaping @Sendable () -> String, onRefusal: @escaping @Sendable (String) -> Void,
         onSkip: @escaping @Sendable (String) -> Void) {
        self.currentSource = currentSource
        skipper = MissingSegmentSkipper(onSkip: onSkip)
        self.onRefusal = onRefusal
    }

    func apply(to element: Element) {
        guard MediaLocation.isWeb(currentSource()) else { return }
        if let uri = element.sourceURI, !MediaLocation.isWeb(uri) {
            element.lockState(true)
            onRefusal(uri)
        } else if MissingSegmentSkipper.isSegmentFetcher(element) {
            skipper.watch(fetcher: element)
        }
    }
}
