import Multicast

/// A spinner and a line of text in the title bar while something loads in the background
/// ("Importing trip.geojson…"); hidden otherwise. The window stays usable meanwhile.
@MainActor
final class ActivityIndicator {
    let root: Box
    private let spinner = Spinner()
    private let label = Label(classes: ["dim-label"])

    init(activity: Publink<String?>) {
        root = Box(.horizontal, spacing: 8, [spinner, label])
        root.isVisible = false
        activity.subscribe(self) { indicator, text in indicator.show(text) }
    }

    private func show(_ text: String?) {
        label.text = text ?? ""
        root.isVisible = text != nil
        spinner.isSpinning = text != nil
    }
}
