import TouchKit

// A tap on a view of a window, through the engine as a user's package would drive it.
let app = UIApplication()
let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
window.makeKeyAndVisible()
var taps = 0
window.addGestureRecognizer(UITapGestureRecognizer(handler: { _ in taps += 1 }))
try app.digitizer.process([PointerChange(pointerID: 1, phase: .down, location: CGPoint(x: 50, y: 50), timestamp: 0)])
try app.digitizer.process([PointerChange(pointerID: 1, phase: .up, location: CGPoint(x: 50, y: 50), timestamp: 0.05)])
guard taps == 1 else { fatalError("the tap was not recognized through the versioned dependency") }
print("TouchKit from a version: tap recognized")
