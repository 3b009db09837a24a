import Multicast
import PlacesCore

/// The window's side of the `PLACES_TRACE` diagnostics: what GTK has painted, read back from the
/// widgets after each frame (a tab page switched, the card partly and fully up with the name its label
/// shows, the card gone, the first frame with markers, the map at rest with its corner in the window,
/// the search field's text and the list's results), and the banner and toasts as they show. Made only when tracing; the views know nothing of it.
@MainActor
final class ScreenTrace {
    private let log: any EventLog
    /// The card as last reported painted: the place it showed fully, and whether a frame with it
    /// partly up was reported.
    private var card: (revealedID: Place.ID?, revealing: Bool) = (nil, false)
    private var camera: Camera?
    private var hasTracedFirstFrame = false
    private var waitingLayerTiles = 0
    /// The Places tab as last reported painted: the search field's text, and the results shown.
    private var search: (typed: String, query: String, rows: Int, summary: String) = ("", "", 0, "")

    init(log: any EventLog) {
        self.log = log
    }

    /// Follows the window's frames, its notebook, the card in its revealer, and the Places tab's
    /// search field and results.
    func follow(window: Window, notebook: Notebook, bottom: Revealer, isCardPage: @escaping @MainActor () -> Bool, card: PlaceCard,
                list: @escaping @MainActor () -> PlacesListView?) {
        notebook.onPageShown { [log] page in log.record(.tabShown(Tab.allCases[page])) }
        FrameClock.afterEachPaint(of: window) { [weak self] frame in
            guard let self else { return }
            log.record(.frame(paintMilliseconds: frame.milliseconds))
            traceCard(bottom: bottom, isCardPage: isCardPage(), card: card)
            if let list = list() { traceSearch(list) }
        }
    }

    /// Follows the map: the first frame painted with markers, the map layers' tiles still being made,
    /// and the camera each time it comes to rest.
    func follow(map: MapCanvas, state: Publink<MapState>) {
        FrameClock.afterEachPaint(of: map.area) { [weak self] _ in
            guard let self, map.waitingLayerTiles != waitingLayerTiles else { return }
            waitingLayerTiles = map.waitingLayerTiles
            log.record(.layerTilesWaiting(waitingLayerTiles))
        }
        FrameClock.afterEachPaint(of: map.area) { [weak self, weak state] _ in
            guard let self, !hasTracedFirstFrame, let markers = state?.latest?.markers, !markers.isEmpty else { return }
            hasTracedFirstFrame = true
            log.record(.firstFrame(markers: markers.count, renderer: map.area.rendererName ?? "none"))
        }
        state.subscribe(self) { trace, state in
            guard state.isSettled, state.camera != trace.camera, state.camera.viewport.width > 0 else { return }
            trace.camera = state.camera
            let origin = map.area.originInWindow
            trace.log.record(.camera(center: state.camera.center, zoom: state.camera.zoom, width: state.camera.viewport.width,
                                     height: state.camera.viewport.height, originX: origin.x, originY: origin.y))
        }
    }

    func errorShown(_ text: String) {
        log.record(.errorShown(text))
    }

    func noticeShown(_ text: String) {
        log.record(.noticeShown(text))
    }

    private func traceSearch(_ list: PlacesListView) {
        if list.typedText != search.typed {
            search.typed = list.typedText
            log.record(.searchTyped(search.typed))
        }
        let shown = (query: list.shownQuery, rows: list.shownRowCount, summary: list.shownSummary)
        if shown != (search.query, search.rows, search.summary) {
            (search.query, search.rows, search.summary) = shown
            log.record(.listShown(query: shown.query, rows: shown.rows, summary: shown.summary))
        }
    }

    private func traceCard(bottom: Revealer, isCardPage: Bool, card: PlaceCard) {
        if bottom.revealsChild, isCardPage {
            if !self.card.revealing {
                log.record(.cardRevealing(id: card.shownID ?? ""))
                self.card.revealing = true
            }
            if bottom.isChildRevealed, let id = card.shownID, id != self.card.revealedID {
                log.record(.cardRevealed(id: id, name: card.shownTitle))
                self.card.revealedID = id
            }
        } else if !bottom.isChildRevealed, self.card.revealing {
            log.record(.cardHidden)
            self.card = (nil, false)
        }
    }
}
