import Foundation

extension PageReference {
    /// This web page's URL with query parameter `name` set to `value` (percent-encoded; an
    /// existing parameter of that name is replaced in place, else it is added at the end), the
    /// rest of the URL kept: how a page number or cursor names the next page.
    public func settingQueryParameter(_ name: String, to value: String) throws(PageReferenceError) -> PageReference {
        guard case .url(let url) = self,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else {
            throw PageReferenceError(reference: value, reason: "a query parameter can be set only on a web page's URL")
        }
        let encodedName = Self.percentEncoded(name)
        let item = URLQueryItem(name: encodedName, value: Self.percentEncoded(value))
        let items = components.percentEncodedQueryItems ?? []
        let isNamed = { (item: URLQueryItem) in item.name.removingPercentEncoding == name }
        if let index = items.firstIndex(where: isNamed) {
            let before = items[..<index]
            let after = items[(index + 1)...].filter { !isNamed($0) }
            components.percentEncodedQueryItems = before + [item] + after
        } else {
            components.percentEncodedQueryItems = items + [item]
        }
        guard let next = components.url else {
            throw PageReferenceError(reference: value, reason: "it does not make a valid URL")
        }
        return .url(next)
    }

    /// The integer value of query parameter `name` of this web page's URL; nil when it has none.
    public func queryInteger(_ name: String) throws(PageReferenceError) -> Int? {
        guard case .url(let url) = self else {
            throw PageReferenceError(reference: name, reason: "query parameters are counted only in a web page's URL")
        }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        guard let text = items.first(where: { $0.name == name })?.value else { return nil }
        guard let value = Int(text) else {
            throw PageReferenceError(reference: name, reason: "its value '\(text)' is not a whole number")
        }
        return value
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded (so `+`, `/`
    /// and `=` of a base64 cursor arrive as written).
    static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
