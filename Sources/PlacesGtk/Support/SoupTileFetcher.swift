import CGtk
import CSoup
import PlacesCore

/// Fetches map tiles over HTTP(S) with libsoup 3 on the GLib main loop: one session for the app,
/// naming Places and its version in its User-Agent, at most two connections to a server, each tile
/// whole within 20 seconds (libsoup's own timeout is per read, which a server sending a byte a second
/// never trips; a tile not done by then is cancelled and counted as a failure). libsoup is loaded the
/// first time a tile is fetched (see CSoup), so a launch with online tiles off never loads it. A body
/// longer than the request's limit is not read further.
final class SoupTileFetcher: TileFetching {
    static let userAgent = "Places/\(PlacesApplication.version) (https://github.com/swiftplaces/places)"
    /// How long a tile may take, from asking to its last byte.
    static let deadline: Duration = .seconds(20)

    func fetch(_ request: TileRequest) async -> TileResponse {
        await Self.fetchOnMain(request)
    }

    /// libsoup's calls and the session, or why there are none.
    @MainActor private static let soup: Result<(calls: PlacesSoup, session: OpaquePointer), TileFailure> = {
        var calls = PlacesSoup()
        guard places_soup_load(&calls) != 0, let session = places_soup_session_new(&calls, userAgent, 20) else {
            return .failure(TileFailure(reason: tr("libsoup 3, which Places fetches tiles with, is not installed")))
        }
        return .success((calls, session))
    }()

    @MainActor
    private static func fetchOnMain(_ request: TileRequest) async -> TileResponse {
        let soup: (calls: PlacesSoup, session: OpaquePointer)
        switch Self.soup {
        case .success(let loaded): soup = loaded
        case .failure(let failure): return .unreachable(failure.reason)
        }
        guard let message = soup.calls.message_new("GET", request.url) else {
            return .unreachable(tr("“{address}” is not a web address", ["address": request.url]))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        let headers = soup.calls.message_get_request_headers(message)
        if let etag = request.etag { soup.calls.message_headers_replace(headers, "If-None-Match", etag) }
        if let date = request.lastModified { soup.calls.message_headers_replace(headers, "If-Modified-Since", date) }

        let cancellable = g_cancellable_new()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        let timer = Task { @MainActor in
            try await Task.sleep(for: deadline)
            g_cancellable_cancel(cancellable)
        }
        defer { timer.cancel() }
        let late = tr("the server did not send the tile within {seconds} seconds", ["seconds": String(deadline.components.seconds)])

        let sent = await GAsync.call { callback, data in
            soup.calls.session_send_async(soup.session, message, G_PRIORITY_DEFAULT, cancellable, callback, data)
        } finish: { result, error in
            soup.calls.session_send_finish(soup.session, result, error).map(UnsafeMutableRawPointer.init)
        }
        guard case .success(let streamPointer) = sent else {
            if g_cancellable_is_cancelled(cancellable) != 0 { return .unreachable(late) }
            if case .failure(let failure) = sent { return .unreachable(tr("the server cannot be reached: {reason}", ["reason": failure.reason])) }
            return .unreachable("")
        }
        let stream = streamPointer.assumingMemoryBound(to: GInputStream.self)
        defer { g_object_unref(streamPointer) }
        let answer = soup.calls.message_get_response_headers(message)
        var fields: [String: String] = [:]
        for name in ["etag", "last-modified", "cache-control", "expires"] {
            if let value = soup.calls.message_headers_get_one(answer, name) { fields[name] = String(cString: value) }
        }
        if soup.calls.message_headers_get_content_length(answer) > Int64(request.limit) { return .tooLarge }
        var body: [UInt8] = []
        while true {
            let read = await GAsync.call { callback, data in
                g_input_stream_read_bytes_async(stream, 64 << 10, G_PRIORITY_DEFAULT, cancellable, callback, data)
            } finish: { result, error in
                g_input_stream_read_bytes_finish(stream, result, error).map(UnsafeMutableRawPointer.init)
            }
            guard case .success(let bytesPointer) = read else {
                if g_cancellable_is_cancelled(cancellable) != 0 { return .unreachable(late) }
                if case .failure(let failure) = read { return .unreachable(tr("the server stopped answering ({reason})", ["reason": failure.reason])) }
                return .unreachable("")
            }
            let bytes = OpaquePointer(bytesPointer)
            var size = 0
            let data = g_bytes_get_data(bytes, &size)
            if size > 0, let data { body += UnsafeRawBufferPointer(start: data, count: size) }
            g_bytes_unref(bytes)
            if size == 0 { break }
            if body.count > request.limit { return .tooLarge }
        }
        return .received(status: Int(soup.calls.message_get_status(message)), headers: fields, body: body)
    }
}
