import CGtk
@testable import PlacesGtk
import Testing

extension GUITests {
    @Suite("Suggestion list")
    @MainActor
    struct SuggestionListTests {
        static let bundled = ["Springfield, Massachusetts", "Springfield, Missouri", "Springfield, Illinois"]

        /// A window showing a list of the bundled suggestions, the focus on the second.
        func listOnSecondRow() throws -> (UnsafeMutablePointer<GtkWidget>, SuggestionList) {
            let window = gtk_window_new()!
            let list = SuggestionList(name: "City suggestions")
            gtk_window_set_child(window.cast(gtk_window_get_type()), list.widget)
            list.setItems(Self.bundled)
            gtk_window_present(window.cast(gtk_window_get_type()))
            let second = try #require(gtk_list_box_get_row_at_index(list.widget.cast(gtk_list_box_get_type()), 1))
            #expect(gtk_widget_grab_focus(second.cast(gtk_widget_get_type())) != 0)
            return (window, list)
        }

        func focusedText(_ list: SuggestionList) -> String? {
            list.focusedRow.flatMap(list.text(of:))
        }

        @Test("the world's towns arriving below the row the person is on leave the focus on that row")
        func townsArriveBelow() throws {
            let (window, list) = try listOnSecondRow()
            defer { gtk_window_destroy(window.cast(gtk_window_get_type())) }
            #expect(focusedText(list) == "Springfield, Missouri")
            let rowBefore = list.focusedRow
            list.setItems(Self.bundled + ["Springfield, Ohio", "Springfield, Oregon"])
            #expect(focusedText(list) == "Springfield, Missouri")
            #expect(list.focusedRow == rowBefore, "the row was made again")
        }

        @Test("when the focused row goes, the focus moves to the row in its place, not out of the list")
        func focusedRowReplaced() throws {
            let (window, list) = try listOnSecondRow()
            defer { gtk_window_destroy(window.cast(gtk_window_get_type())) }
            list.setItems(["Springfield, Massachusetts", "Springfield, Vermont", "Springfield, Ohio"])
            #expect(focusedText(list) == "Springfield, Vermont")
            list.setItems(["Springfield, Massachusetts"])
            #expect(focusedText(list) == "Springfield, Massachusetts")
        }
    }
}
