import CGtk
import Multicast
import PlacesCore

/// The Map tab: a drawing area painted by `MapRenderer`, with zoom buttons and the layer list over it
/// and a focusable, named target over every marker (`MarkerTargets`). Clicks, drags, scrolls, sizes
/// and activated markers go to `MapViewModel` as inputs, the layer list's choices and tiles that
/// fail to `MapLayersViewModel`; camera glides run on the widget's frame clock.
@MainActor
final class MapCanvas {
    let root: Overlay
    let area = DrawingArea()
    private let targets: MarkerTargets
    /// "Only “Vienna trip”" with Show All, over the top of the map while a section is shown alone.
    private let aloneBar: Box
    private let aloneTitle = Label()
    private var chooser: PlaceChooser?
    private let legendButton = ToggleButton(icon: "view-list-bullet-symbolic", tooltip: tr("Legend"), classes: ["osd"])
    private let showAll = Button(label: tr("Show _All Places"), classes: ["flat"])
    /// Beyond the world map's detail: "The world map has no more detail here", Online Tiles…, Open Map File…
    private let detailHint: Box
    private let onlineTiles = Button(label: tr("_Online Tiles…"), classes: ["flat"])
    private let openMapFile = Button(label: tr("Open _Map File…"), classes: ["flat"])
    private let closeHint = Button(icon: "window-close-symbolic", tooltip: tr("Close"), classes: ["flat", "circular"])
    private let scaleBar = MapScaleBar()
    private let zoomIn = Button(icon: "zoom-in-symbolic", tooltip: tr("Zoom in"))
    private let zoomOut = Button(icon: "zoom-out-symbolic", tooltip: tr("Zoom out"))
    private let viewModel: MapViewModel
    private var renderer: MapRenderer
    private let sprites = MapSprites()
    private let rasterTiles = RasterLayerTiles()
    private let streetLabelLayer = StreetLabelLayer()
    private let layers: MapLayersPopover
    private var worldMap = WorldMap.empty
    private var state: MapState?
    private var pointer = ScreenPoint(x: 0, y: 0)
    private var isTicking = false
    /// Whether the canvas has painted a frame with markers: the marker targets (a widget per marker,
    /// about 50 ms for a world view's hundred) are made only after it, never delaying the first view.
    private var hasPainted = false
    /// Whether GTK has destroyed the drawing area (the window closed): tiles still arriving draw nothing.
    private var isDestroyed = false

    init(viewModel: MapViewModel, layersViewModel: MapLayersViewModel) {
        self.viewModel = viewModel
        renderer = MapRenderer(baseMap: BaseMapTiles(painter: BaseMapPainter(worldMap: .empty, palette: .light), scale: 1),
                               rasterTiles: rasterTiles, sprites: sprites, streetLabelLayer: streetLabelLayer)
        layers = MapLayersPopover(viewModel: layersViewModel)
        area.expand(horizontally: true, vertically: true)
        area.isFocusable = true
        area.addClass("map-canvas")
        area.setAccessibleLabel(tr("Map view"))
        area.setAccessibleDescription(tr("Arrow keys move the map, plus and minus zoom, Tab goes to the markers, nearest the centre first."))
        zoomIn.onClick { [viewModel] in viewModel.send(.zoom(levels: 1)) }
        zoomOut.onClick { [viewModel] in viewModel.send(.zoom(levels: -1)) }
        let zoomButtons = Box(.vertical, spacing: 12, [Box(.vertical, [zoomIn, zoomOut], classes: ["linked", "osd"]), layers.button])
        zoomButtons.align(horizontal: .end, vertical: .start)
        zoomButtons.setMargins(12)
        targets = MarkerTargets { [viewModel] marker in viewModel.send(.activated(marker)) }
        showAll.onClick { [viewModel] in viewModel.send(.showAlone(nil, title: "")) }
        aloneTitle.ellipsize(maximumCharacters: 40)
        aloneBar = Box(.horizontal, spacing: 6, [aloneTitle, showAll], classes: ["osd", "toolbar"])
        aloneBar.isVisible = false
        let hintText = Label(tr("The world map has no more detail here."))
        hintText.ellipsize()
        onlineTiles.onClick { [layers] in layers.button.activate() }
        openMapFile.setAction("win.\(AppAction.openMap.rawValue)")
        closeHint.onClick { [viewModel] in viewModel.send(.closeDetailHint) }
        detailHint = Box(.horizontal, spacing: 6, [hintText, onlineTiles, openMapFile, closeHint], classes: ["osd", "toolbar"])
        detailHint.isVisible = false
        // Over the top of the map, between the legend's button and the zoom buttons.
        let topBars = Box(.vertical, spacing: 6, [aloneBar, detailHint])
        topBars.align(horizontal: .center, vertical: .start)
        topBars.setMargins(top: 12, bottom: 12, start: 60, end: 66)
        legendButton.align(horizontal: .start, vertical: .start)
        legendButton.setMargins(12)
        legendButton.onToggle { [viewModel] in viewModel.send(.toggleLegend) }
        root = Overlay(area, overlays: [targets.root, scaleBar.root, zoomButtons, topBars, legendButton])
        followTabOrder()
        root.setAccessibleLabel(tr("World map"))
        area.widget.connect(Signals.destroy) { [weak self] in self?.isDestroyed = true }
        rasterTiles.onArrival = { [weak self] in self?.redraw() }
        rasterTiles.onFailure = { layer, reason in layersViewModel.send(.tileFailed(layer, reason: reason)) }
        area.onDraw { [weak self] cairo, width, height in
            guard let self, let state = self.state else { return }
            // Moved to a screen of another scale: tiles are drawn again for it.
            if self.renderer.baseMap.scale != max(1, self.area.scaleFactor) { self.drawBaseMap() }
            self.renderer.draw(state, on: cairo, width: width, height: height)
        }
        area.onResize { [viewModel] width, height in viewModel.send(.resized(ScreenSize(width: width, height: height))) }
        connectPointer()
        connectContextMenu()
        chooser = PlaceChooser(on: area) { [viewModel] id in viewModel.send(.choose(id)) }
        viewModel.state.subscribe(self) { canvas, state in canvas.render(state) }
        let styles = StyleManager()
        let followStyle: @MainActor () -> Void = { [weak self] in
            self?.drawBaseMap(palette: MapPalette.forStyle(dark: styles.isDark, highContrast: styles.isHighContrast))
        }
        followStyle()
        styles.onChange(followStyle)
        FrameClock.afterEachPaint(of: area) { [weak self] _ in self?.painted() }
    }

    /// Draws `worldMap` from now on (the base map loads after the window is shown).
    func show(worldMap: WorldMap, standIns: BaseMapTiles.StandIns?) {
        self.worldMap = worldMap
        drawBaseMap(standIns: standIns)
    }

    /// Adds `detail`'s layers to the base map. Tiles of the levels it does not reach stay as they are:
    /// drawing them again would only blur the map while they are made.
    func add(detail: WorldMap) {
        worldMap = worldMap.adding(detail)
        drawBaseMap(keepingBelow: detail.firstZoom)
    }

    /// Draws the base map (and vector maps) in `palette` at the area's scale from now on, its tiles
    /// made afresh, but for those of levels below `keepingBelow`, which look as they did.
    private func drawBaseMap(palette: MapPalette? = nil, keepingBelow level: Double? = nil, standIns: BaseMapTiles.StandIns? = nil) {
        guard !isDestroyed else { return }  // the detail can arrive after the window closed
        let painter = BaseMapPainter(worldMap: worldMap, palette: palette ?? renderer.palette)
        let tiles = BaseMapTiles(painter: painter, scale: max(1, area.scaleFactor))
        if let level, tiles.scale == renderer.baseMap.scale {
            tiles.loader.adopt(renderer.baseMap.loader) { Double($0.z) < level }
        }
        if !worldMap.layers.isEmpty { tiles.prepareStandIns(standIns) }
        tiles.loader.onArrival = { [weak self] in self?.redraw() }
        rasterTiles.look = (painter.palette, tiles.scale)
        renderer = MapRenderer(baseMap: tiles, rasterTiles: rasterTiles, sprites: sprites, streetLabelLayer: streetLabelLayer)
        area.queueDraw()
    }

    /// Tiles of map layers in view that the last frame drew without their own image.
    var waitingLayerTiles: Int { rasterTiles.waiting }

    private func redraw() {
        if !isDestroyed { area.queueDraw() }
    }

    private func render(_ state: MapState) {
        self.state = state
        aloneBar.isVisible = state.shownAlone != nil
        detailHint.isVisible = state.isBeyondDetail
        scaleBar.show(state.scale)
        legendButton.isActive = state.legend.isOpen
        legendButton.isVisible = state.legend.rowCount > 0
        chooser?.show(state.chooser)
        rasterTiles.keep(only: state.rasterLayers)
        if let title = state.shownAlone { aloneTitle.text = tr("Only “{section}”", ["section": title]) }
        area.queueDraw()
        if state.isAnimating, !isTicking {
            isTicking = true
            area.addTickCallback { [weak self] time in
                guard let self else { return false }
                self.viewModel.send(.frame(time: time))
                self.isTicking = self.state?.isAnimating ?? false
                return self.isTicking
            }
        }
        if state.isSettled, hasPainted { targets.show(state.markersNearestFirst) }
    }

    /// The zoom buttons, with the layer list's button below them.
    // MARK: Tab order

    /// Where Tab stops in the map, in order.
    private enum Stop: Equatable {
        case legend, showAll, onlineTiles, openMapFile, closeHint, zoomIn, zoomOut, layers, map, markers
    }

    /// Tab goes through the buttons over the map as they are read (the legend's, Show All while a
    /// section is shown alone, the hint's beyond the world map's detail, the zoom buttons, the layer list's), then the map and its markers
    /// (nearest the centre first), then out of the map; Shift+Tab goes back. GTK's own order, by
    /// position on screen, came back round from the layer list's button to the map and the markers:
    /// the card's buttons were out of reach. Tab from outside comes in on the legend's button, which
    /// GTK's order puts first too.
    private func followTabOrder() {
        // After the markers' own handler (which moves between markers), before GTK's.
        let keys = ShortcutController(reach: .focusedWidget)
        for (trigger, forward) in [("Tab", true), ("<Shift>Tab", false), ("<Shift>ISO_Left_Tab", false)] {
            keys.add(trigger) { [weak self] in
                // A popover of the map keeps its own order.
                guard let self, root.containsFocusOnItsSurface, let stop = focusedStop else { return false }
                return tab(from: stop, forward: forward)
            }
        }
        root.add(keys)
    }

    private var focusedStop: Stop? {
        [(Stop.map, area as any Widget), (.markers, targets.root), (.legend, legendButton), (.showAll, showAll), (.onlineTiles, onlineTiles),
         (.openMapFile, openMapFile), (.closeHint, closeHint), (.zoomIn, zoomIn), (.zoomOut, zoomOut), (.layers, layers.button)]
            .first { $0.1.containsFocus }?.0
    }

    /// Focuses the stop after `stop` (or before it) that can take the focus, or the widget after the
    /// map (or before it).
    private func tab(from stop: Stop, forward: Bool) -> Bool {
        let order: [Stop] = [.legend, .showAll, .onlineTiles, .openMapFile, .closeHint, .zoomIn, .zoomOut, .layers, .map, .markers]
        var index = order.firstIndex(of: stop)! + (forward ? 1 : -1)
        while order.indices.contains(index) {
            if focus(order[index], forward: forward) { return true }
            index += forward ? 1 : -1
        }
        return root.moveFocusOut(forward: forward)
    }

    private func focus(_ stop: Stop, forward: Bool) -> Bool {
        switch stop {
        case .map: area.grabFocus()
        case .markers: forward ? targets.focusFirst() : targets.focusLast()
        case .legend: legendButton.grabFocus()
        case .showAll: aloneBar.isVisible && showAll.grabFocus()
        case .onlineTiles: detailHint.isVisible && onlineTiles.grabFocus()
        case .openMapFile: detailHint.isVisible && openMapFile.grabFocus()
        case .closeHint: detailHint.isVisible && closeHint.grabFocus()
        case .zoomIn: zoomIn.grabFocus()
        case .zoomOut: zoomOut.grabFocus()
        case .layers: layers.button.grabFocus()
        }
    }

    private func connectPointer() {
        // A drag's offsets count from where it began, so the latest says all: one a frame is sent.
        let offsets = FrameCoalescer<(dx: Double, dy: Double)>(on: area) { [viewModel] offset in
            viewModel.send(.dragged(dx: offset.dx, dy: offset.dy))
        }
        let click = ClickGesture()
        click.onPress { [weak self] presses, point in
            guard let self else { return }
            self.area.grabFocus()
            self.viewModel.send(.pressed)
            if presses == 2 { self.viewModel.send(.doubleTapped(point)) }
        }
        click.onRelease { [viewModel] presses, point in
            // A drag's last move, still waiting for its frame, comes first: a tap after it is no tap.
            offsets.flush()
            if presses == 1 { viewModel.send(.tapped(point)) }
        }
        area.add(click)

        let drag = DragGesture()
        drag.onBegin { [viewModel] point in viewModel.send(.dragBegan(at: point)) }
        drag.onUpdate { dx, dy in offsets.offer((dx, dy)) }
        drag.onEnd { [viewModel] in
            offsets.flush()
            viewModel.send(.dragEnded)
        }
        area.add(drag)

        let motion = MotionController()
        motion.onMotion { [weak self] point in self?.pointer = point }
        area.add(motion)

        let scroll = ScrollController()
        scroll.onScroll { [weak self] steps in
            guard let self else { return false }
            self.viewModel.send(.scrolled(steps: steps, at: self.pointer))
            return true
        }
        area.add(scroll)
    }

    /// Right click, or a long press on a touch screen, opens a menu with "Add Place Here" (first, with the
    /// keyboard: right click and Enter add a place) and "What's Here?".
    private func connectContextMenu() {
        let whatsHere = Button(label: tr("_What's Here?"), classes: ["flat"])
        let addHere = Button(label: tr("Add Place _Here"), classes: ["flat"])
        let menu = Popover(Box(.vertical, spacing: 2, [addHere, whatsHere]), on: area)
        var spot = ScreenPoint(x: 0, y: 0)
        var chosen: MapViewModel.Input?
        whatsHere.onClick {
            chosen = .whatsHere(at: spot)
            menu.popDown()
        }
        addHere.onClick {
            chosen = .addPlace(at: spot)
            menu.popDown()
        }
        // The editor opens once the menu has closed, so the focus it gives back does not leave the name field.
        menu.onClosed { [viewModel] in
            if let input = chosen { viewModel.send(input) }
            chosen = nil
        }
        let open: @MainActor (ScreenPoint) -> Void = { point in
            spot = point
            menu.popUp(at: point)
        }
        let rightClick = ClickGesture(button: 3)
        rightClick.onPress { _, point in open(point) }
        area.add(rightClick)
        let longPress = LongPressGesture()
        longPress.onPress(open)
        area.add(longPress)
    }

    /// After the first frame painted with markers, the marker targets are made (a widget per marker,
    /// about 50 ms for a world view's hundred), on the main loop's next turn: what else waits for that
    /// frame (the trace's first-frame event) comes first.
    private func painted() {
        guard !hasPainted, let state, state.isSettled, !state.markers.isEmpty else { return }
        hasPainted = true
        Task { [weak self] in
            guard let self, let state = self.state else { return }
            targets.show(state.markersNearestFirst)
        }
    }
}
