/// The version of the wire protocol this module speaks.
///
/// Two checks keep incompatible peers apart: the WebSocket subprotocol (so a server can refuse a
/// client it cannot understand before any message) and the `protocol` field of `hello` (so tools
/// that cannot set a subprotocol header still get a clear error instead of a schema mismatch).
public enum ProtocolVersion {
    /// The `protocol` number in `hello` and `welcome`.
    public static let current = 1
    /// The WebSocket subprotocol (`Sec-WebSocket-Protocol`) clients request.
    public static let subprotocol = "touchbridge.v1"
}
