/// What a property's value was in its file. JSON's numbers, booleans and nulls are kept as such, so
/// that a GeoJSON export writes `"ele": 1234` and `"fee": null` back as they came, not as strings;
/// the text of a number or a boolean is the file's own (`1.50e3`, `true`), a null's is empty. Every
/// other format's values are text.
public enum PropertyValueKind: UInt8, Hashable, Sendable {
    case text, number, boolean, null
}
