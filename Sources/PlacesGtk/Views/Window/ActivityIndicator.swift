import PlacesCore

/// The file being imported in the title bar ("Importing trip.geojson…"), how far its reading has got
/// and a Cancel button; hidden otherwise. The window stays usable meanwhile.
@MainActor
final class ActivityIndicator {
    let root: Box
    private let progress = ProgressBar(width: 110)
    private let label = Label(classes: ["dim-label"])

    init(cancel: @escaping @MainActor () -> Void) {
        let stop = Button(icon: "process-stop-symbolic", tooltip: tr("Cancel Import"), classes: ["flat", "circular"])
        stop.onClick(cancel)
        label.ellipsize(maximumCharacters: 40)
        root = Box(.horizontal, spacing: 8, [label, progress, stop])
        root.isVisible = false
    }

    func show(_ activity: ImportActivity?) {
        label.text = activity?.text ?? ""
        progress.fraction = activity?.fraction ?? 0
        root.isVisible = activity != nil
    }
}
