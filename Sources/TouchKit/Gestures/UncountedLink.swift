/// A reference that is neither counted nor weak, for a link whose target outlives its holder by
/// construction (the application, and the arena and digitizer it creates and holds; the arena, and
/// the recognizers taking part in it, which it lets go of before it goes). Calls made through
/// `with(_:)` cost no reference counting: the object is borrowed for the call. An `unowned(unsafe)`
/// property or `Unmanaged.takeUnretainedValue()` does not give that — reading one and calling a
/// method of an open class on the result retains and releases it around the call, which measured at
/// a tenth of a tap frame (docs/performance.md, "Engine: borrowed calls and unretained view links").
struct UncountedLink<Object: AnyObject> {
    private let reference: Unmanaged<Object>

    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// The object, as a counted reference (for passing it on or keeping it).
    var object: Object { reference.takeUnretainedValue() }

    /// Runs `body` with the object borrowed: no reference counting for the call.
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        // `_withUnsafeGuaranteedRef` is underscored standard-library API (public, but without a source-stability
        // promise): it is the only way to lend an unretained object for a call. Should it go away,
        // `body(reference.takeUnretainedValue())` replaces it, at a retain and a release per call.
        reference._withUnsafeGuaranteedRef(body)
    }

    /// Whether this links to `other`, without counting references.
    @inline(__always)
    func links(to other: AnyObject) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
    }
}

extension UncountedLink where Object == UIApplication {
    /// Whether the application records the event log (asked on every transition and delivery).
    var isTracing: Bool { with { $0.isTracing } }

    /// Records `event` if the application records the event log; the event is built only then.
    func record(_ event: @autoclosure () -> TraceEvent) {
        with { application in
            if application.isTracing { application.record(event()) }
        }
    }
}
