#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps request paths to files inside a web root, refusing anything that would leave it.
struct StaticFiles: Sendable {
    /// Real path of the web root (symlinks resolved, no trailing slash unless it is "/").
    let root: String

    init(root: String) throws {
        guard let real = StaticFiles.realPath(root), StaticFiles.isDirectory(real) else {
            throw TransportError.webRootNotADirectory(root)
        }
        self.root = real
    }

    /// The file to serve for a request path (as lws hands it over: decoded, query stripped), or nil for 404.
    /// Refuses: NUL, backslash, "..", hidden segments (".git", ".env"), anything whose real path is outside
    /// the root (symlinks included), directories without index.html, and everything that is not a regular file.
    func resolve(_ requestPath: String) -> String? {
        guard requestPath.hasPrefix("/"),
              !requestPath.utf8.contains(0), !requestPath.contains("\\") else { return nil }
        let segments = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        for s in segments where s == ".." || s.hasPrefix(".") { return nil }
        let relative = segments.joined(separator: "/")
        var candidate = relative.isEmpty ? root : root + "/" + relative
        if requestPath.hasSuffix("/") { candidate += "/index.html" }
        guard var real = StaticFiles.realPath(candidate), isInside(real) else { return nil }
        if StaticFiles.isDirectory(real) {
            guard let index = StaticFiles.realPath(real + "/index.html"), isInside(index) else { return nil }
            real = index
        }
        return StaticFiles.isRegularFile(real) ? real : nil
    }

    private func isInside(_ real: String) -> Bool {
        root == "/" ? real.hasPrefix("/") : (real == root || real.hasPrefix(root + "/"))
    }

    static func realPath(_ path: String) -> String? {
        // realpath(3) mallocs the result; we own it and free it here.
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Bytes in a file (what a GET would send), for HEAD.
    static func size(of path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Content type by file extension (lower-cased); unknown types are served as application/octet-stream.
    static func mimeType(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "wasm": return "application/wasm"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        default: return "application/octet-stream"
        }
    }
}
