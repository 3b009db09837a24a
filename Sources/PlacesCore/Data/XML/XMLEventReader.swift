import CLibXML2

/// Walks an XML document with libxml2's push parser and SAX2 interface, handing elements to an
/// `XMLEventHandler`, set up for files from anywhere:
/// - a document type declaration (`<!DOCTYPE …>`) is refused before parsing (`XMLProlog`): GPX and
///   KML never have one, and it is what external entities (a file reading another file: XXE) and
///   entity expansion (a "billion laughs") need; the parser is also told to load nothing (no
///   network, no external DTD, no entity substitution), so an entity declared anyway stays unread;
/// - the bytes go in 256 KB pieces, so a cancelled import stops within one piece, and no limit on
///   the document's size applies;
/// - errors come back as a line, a column and a reason in words, never a libxml2 code.
///
/// Not Foundation's `XMLParser`, which wraps the same library: measured on this project's machine
/// (swift-corelibs-foundation 6.3), it parsed a 16.9 MB GPX of 100,000 waypoints in 0.21 s with no
/// work done per element (0.73 s with our GPX reading), slower than CPython's `xml.etree` building a
/// whole tree (0.71 s), as it makes strings and dictionaries for every element and calls its
/// delegate through Objective-C-style dispatch; and `XMLParser(data:)` stops at 10 MB on Linux.
final class XMLEventReader {
    // Used by one thread, and no property is accessed again inside a call that holds it (the
    // handler reads `text` through a closure, never while it changes): the dynamic exclusivity
    // checks are left out. With those of the KML builder's properties they were 15% of
    // `places --check` of a KML file.
    private let handler: any XMLEventHandler
    @exclusivity(unchecked) private var parser: xmlParserCtxtPtr?
    /// Character data of the element being read, as UTF-8.
    @exclusivity(unchecked) private var text: [UInt8] = []
    @exclusivity(unchecked) private var failure: ImportError?

    private init(handler: any XMLEventHandler) {
        self.handler = handler
        text.reserveCapacity(256)
    }

    private static let pieceSize = 256 * 1024

    /// Reads `bytes` to the end, or until the handler fails, the text is malformed or the task is
    /// cancelled, telling `reached` the offset after each piece fed to the parser.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, with handler: any XMLEventHandler, reached: (Int) -> Void = { _ in }) throws(ImportError) {
        try XMLProlog.refuseDocumentType(in: bytes)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .invalidXML(TextProblem(tr("the file is empty"))) }
        let reader = XMLEventReader(handler: handler)
        var sax = Self.makeHandlers()
        // The first bytes tell the parser the encoding (a byte order mark or the XML declaration).
        let first = min(4, bytes.count)
        guard let parser = base.withMemoryRebound(to: CChar.self, capacity: first, { start in
            xmlCreatePushParserCtxt(&sax, nil, start, Int32(first), nil)
        }) else { throw .invalidXML(TextProblem(tr("there is not enough memory"))) }
        defer { xmlFreeParserCtxt(parser) }
        // No network; no entity substitution nor DTD loading (libxml2 2.9 loads no external entity
        // without them; 2.11's XML_PARSE_NOXXE is not in Debian 12).
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue))
        reader.parser = parser
        parser.pointee._private = Unmanaged.passUnretained(reader).toOpaque()
        var offset = first
        while true {
            if Task.isCancelled { throw .cancelled }
            let count = min(pieceSize, bytes.count - offset)
            let isLast = offset + count == bytes.count
            let status = (base + offset).withMemoryRebound(to: CChar.self, capacity: max(count, 1)) { start in
                xmlParseChunk(parser, start, Int32(count), isLast ? 1 : 0)
            }
            if let failure = reader.failure ?? handler.failure { throw failure }
            if status != 0 || parser.pointee.wellFormed == 0 {
                throw .invalidXML(reader.lastError ?? TextProblem(tr("the XML is malformed here")))
            }
            offset += count
            reached(offset)
            if isLast { return }
        }
    }

    /// The first error the parser reported.
    @exclusivity(unchecked) private var lastError: TextProblem?

    // MARK: SAX callbacks

    private static func makeHandlers() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            XMLEventReader.reader(context)?.start(localName, prefix: prefix, uri: uri, attributes: attributes, count: Int(attributeCount))
        }
        sax.endElementNs = { context, localName, _, uri in
            XMLEventReader.reader(context)?.end(localName, uri: uri)
        }
        sax.characters = { context, characters, length in
            XMLEventReader.reader(context)?.characters(characters, length: Int(length))
        }
        sax.cdataBlock = sax.characters
        sax.serror = { context, error in
            guard let error, let reader = XMLEventReader.reader(context) else { return }
            reader.report(error.pointee)
        }
        return sax
    }

    private static func reader(_ context: UnsafeMutableRawPointer?) -> XMLEventReader? {
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let reader = parser.pointee._private else { return nil }
        return Unmanaged<XMLEventReader>.fromOpaque(reader).takeUnretainedValue()
    }

    private var position: TextPosition {
        TextPosition(line: Int(xmlSAX2GetLineNumber(parser)), column: Int(xmlSAX2GetColumnNumber(parser)))
    }

    private func start(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                       attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard failure == nil, let localName else { return }
        text.removeAll(keepingCapacity: true)
        handler.start(XMLName(bytes: localName), prefix: prefix.map(XMLName.init), namespace: uri.map(XMLName.init),
                      attributes: XMLAttributes(attributes, count: count)) {
            position
        }
        if handler.hasFailed { xmlStopParser(parser) }
    }

    private func end(_ localName: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) {
        guard failure == nil, let localName else { return }
        handler.end(XMLName(bytes: localName), namespace: uri.map(XMLName.init)) { String(decoding: text, as: UTF8.self) }
        text.removeAll(keepingCapacity: true)
        if handler.hasFailed { xmlStopParser(parser) }
    }

    private func characters(_ characters: UnsafePointer<xmlChar>?, length: Int) {
        guard let characters, length > 0 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
    }

    private func report(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, lastError == nil else { return }
        let message = error.message.map { String(cString: $0) } ?? ""
        // libxml2 stops at 10 MB in one name, value or run of text (XML_MAX_TEXT_LENGTH) and says so
        // only in its message ("Huge input lookup", "AttValue length too long"), under another code.
        let lowered = message.lowercased()
        let reason = lowered.contains("too long") || lowered.contains("huge")
            ? tr("a value is longer than the {limit} Places reads in one piece", ["limit": FileProblem.size(10_000_000)])
            : Self.reason(for: Int(error.code))
        lastError = TextProblem(reason, line: Int(error.line), column: Int(error.int2))
    }

    /// What went wrong, in words, for libxml2's error numbers (`xmlParserErrors`) that files meet.
    private static func reason(for code: Int) -> String {
        switch code {
        case 3, 4: tr("the file holds no element")
        case 5: tr("the text ends before the document does")
        case 6, 7, 8, 10: tr("a character reference (&#…;) is not a valid character")
        case 9: tr("a character that XML does not allow")
        case 22...27: tr("an entity reference (&…;) that is not one of XML's five")
        case 31, 32: tr("an encoding Places cannot read")
        case 33, 34, 43, 44: tr("a quoted value is not closed")
        case 38...42: tr("an attribute is malformed")
        case 45: tr("a comment is not closed")
        case 65, 68, 72, 73, 74: tr("a tag is malformed")
        case 76: tr("an element is closed by a tag of another name")
        case 77: tr("an element is not closed")
        case 81: tr("bytes that are not valid in the document's encoding")
        case 85, 86: tr("text after the end of the document")
        case 89: tr("entities that refer to each other without end")
        default: tr("the XML is malformed here")
        }
    }
}
