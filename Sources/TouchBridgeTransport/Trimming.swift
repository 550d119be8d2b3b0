extension StringProtocol {
    /// The text without the leading and trailing characters that match `isPadding` (an HTTP header's
    /// optional whitespace, a bearer token's spaces), without Foundation.
    func trimming(_ isPadding: (Character) -> Bool) -> String {
        var text = Substring(self)
        while let first = text.first, isPadding(first) { text.removeFirst() }
        while let last = text.last, isPadding(last) { text.removeLast() }
        return String(text)
    }
}
