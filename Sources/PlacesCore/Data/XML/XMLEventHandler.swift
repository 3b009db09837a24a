/// What an XML reader (GPX, KML) does with the elements of a document, as `XMLEventReader` walks it.
/// Element names are local names (namespace prefixes removed), with the namespace each belongs to;
/// names, attributes and text are read only when asked, and only during the call.
protocol XMLEventHandler: AnyObject {
    /// An element opens; `prefix` is the one its tag names its namespace by (`osmand` in
    /// `<osmand:color>`), nil for none; `position` is where its start tag ends.
    func start(_ name: XMLName, prefix: XMLName?, namespace: XMLName?, attributes: XMLAttributes, at position: () -> TextPosition)
    /// An element closes; `text` makes the character data directly inside it (most elements' text
    /// is the white space between their children, never asked for).
    func end(_ name: XMLName, namespace: XMLName?, text: () -> String)
    /// Set by the handler to stop reading: the document is not what it should be.
    var failure: ImportError? { get }
    /// Whether `failure` is set: asked after every element, where copying the failure out cost a
    /// twentieth of reading a KML file.
    var hasFailed: Bool { get }
}
