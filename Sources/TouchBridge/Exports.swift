// A user's `main` imports only TouchBridge: its view controllers are TouchKit's, and
// `SceneServer.startInProcess()` returns the host's `InProcessServer`.
@_exported import TouchKit
@_exported import class TouchBridgeHost.InProcessServer
// A class it registers with `registerRecognizer` subclasses this one to take a scene's `overrides`.
@_exported import class TouchBridgeScenes.OverridableGestureRecognizer
