import Multicast
import PlacesCore

/// A spinner, a line of text and a Cancel button in the title bar while files are read in the
/// background ("Importing trip.geojson…"); hidden otherwise. The window stays usable meanwhile.
@MainActor
final class ActivityIndicator {
    let root: Box
    private let spinner = Spinner()
    private let label = Label(classes: ["dim-label"])

    init(activity: Publink<String?>, cancel: @escaping @MainActor () -> Void) {
        let stop = Button(icon: "process-stop-symbolic", tooltip: tr("Cancel Import"), classes: ["flat", "circular"])
        stop.onClick(cancel)
        label.ellipsize(maximumCharacters: 40)
        root = Box(.horizontal, spacing: 8, [spinner, label, stop])
        root.isVisible = false
        activity.subscribe(self) { indicator, text in indicator.show(text) }
    }

    private func show(_ text: String?) {
        label.text = text ?? ""
        root.isVisible = text != nil
        spinner.isSpinning = text != nil
    }
}
