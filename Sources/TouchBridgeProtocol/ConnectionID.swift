/// Identifies one WebSocket connection for the life of a server (never reused).
///
/// The one connection identity of every layer: the transport assigns it when a connection opens,
/// and sessions, hubs, the recorder and replay route by it. It lives here, in the lowest module both
/// the transport and the pure session core import.
public typealias ConnectionID = UInt64
