import Foundation

/// Where a page of a paged source is: a file, or an `http`/`https` URL.
public enum PageReference: Sendable, Hashable, CustomStringConvertible {
    /// A file, by the path it was named with (relative paths are relative to the working
    /// directory).
    case file(String)
    /// An `http` or `https` URL.
    case url(URL)
    /// Standard input (only ever the first page; the pages it names are relative to the
    /// working directory).
    case standardInput

    /// How diagnostics name the page: the path, or the URL.
    public var description: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url.absoluteString
        case .standardInput: return "<stdin>"
        }
    }

    /// A command-line input: an `http(s)://` URL, or else a file path.
    public init(input: String) {
        if Self.hasWebScheme(input), let url = URL(string: input) {
            self = .url(url)
        } else {
            self = .file(input)
        }
    }

    /// The page a next reference found on this page names.
    ///
    /// An absolute `http(s)` URL is taken as it is. On a file page, anything else is a file
    /// path, relative to the directory of the page that names it. On a web page, anything else
    /// is a URL reference resolved against the page's URL; it must come out `http` or `https`.
    public func resolving(_ text: String) throws(PageReferenceError) -> PageReference {
        guard !text.isEmpty else { throw PageReferenceError(reference: text, reason: "it is empty") }
        if Self.hasWebScheme(text) {
            guard let url = URL(string: text), url.host != nil else {
                throw PageReferenceError(reference: text, reason: "it is not a valid URL")
            }
            return .url(url)
        }
        switch self {
        case .standardInput:
            if Self.hasScheme(text) {
                throw PageReferenceError(
                    reference: text, reason: "only http and https URLs and file paths are followed")
            }
            return .file(text)
        case .file(let path):
            if Self.hasScheme(text) {
                throw PageReferenceError(
                    reference: text, reason: "only http and https URLs and file paths are followed")
            }
            if text.hasPrefix("/") { return .file(text) }
            guard let slash = path.lastIndex(of: "/") else { return .file(text) }
            return .file(String(path[...slash]) + text)
        case .url(let base):
            guard let url = URL(string: text, relativeTo: base)?.absoluteURL else {
                throw PageReferenceError(reference: text, reason: "it is not a valid URL reference")
            }
            guard Self.hasWebScheme(url.absoluteString) else {
                throw PageReferenceError(
                    reference: text, reason: "only http and https URLs are followed from a web page")
            }
            return .url(url)
        }
    }

    /// What makes two references the same page, for cycle detection: a file's standardized
    /// absolute path with symbolic links resolved, or a URL's absolute text without fragment.
    public var identity: String {
        switch self {
        case .file(let path):
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            return "file:" + URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        case .url(let url):
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            components?.fragment = nil
            return components?.string ?? url.absoluteString
        case .standardInput:
            return "stdin:"
        }
    }

    static func hasWebScheme(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// `scheme:` at the start (RFC 3986), but not a Windows-style drive letter.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.count > 1, let first = scheme.unicodeScalars.first, first.properties.isAlphabetic else {
            return false
        }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }
}

/// Why a next reference cannot be followed.
public struct PageReferenceError: Error, Sendable, Equatable {
    /// The reference as written on the page.
    public var reference: String
    /// Why it cannot be followed.
    public var reason: String
}
