import Foundation

/// A row of segments, one selected at a time (UIKIT-EVERYDAY-SEGMENTED): a touch highlights the enabled
/// segment under it and follows the finger across segments; lifting inside over an enabled segment
/// selects it and sends `.valueChanged` (then the control's `.touchUpInside`), unless it was already
/// selected. A momentary control sends `.valueChanged` on every such lift and shows no lasting selection.
/// Segments share the width equally. Setting `selectedSegmentIndex` sends nothing, as in UIKit.
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected (−1, as UIKit's).
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
    }

    private var segments: [Segment] = [] { didSet { noteRenderChange() } }
    /// The selected segment's index, or `noSegment`; an index out of range selects nothing.
    public var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            if !segments.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = Self.noSegment }
            noteRenderChange()
        }
    }
    /// Whether a lift sends `.valueChanged` without a lasting selection (false by default).
    public var isMomentary = false
    /// The colour of the selected segment (nil: white, iOS 13's default).
    public var selectedSegmentTintColor: UIColor? { didSet { noteRenderChange() } }
    /// The segment under the tracked touch while it is down inside; nil otherwise.
    private(set) var highlightedSegment: Int? { didSet { noteRenderChange() } }

    /// A control with a segment per item: a `String` becomes a title, a `UIImage` an image; iOS 13's
    /// height, 32 pt, is left to the frame the app sets.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        segments = (items ?? []).map { item in
            if let image = item as? UIImage { return Segment(image: image) }
            return Segment(title: item as? String ?? String(describing: item))
        }
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// An empty control at `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// How many segments there are.
    public var numberOfSegments: Int { segments.count }

    /// Inserts a titled segment at `segment` (clamped to 0…`numberOfSegments`); `animated` is ignored.
    public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    /// Inserts an image segment at `segment` (clamped); `animated` is ignored.
    public func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    private func insert(_ new: Segment, at index: Int) {
        let index = max(0, min(index, segments.count))
        segments.insert(new, at: index)
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
    }

    /// Removes the segment at `segment` (nothing when out of range); removing the selected one selects none.
    public func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
    }

    /// Removes every segment.
    public func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = Self.noSegment
    }

    /// Sets the title of the segment at `segment` (nothing when out of range).
    public func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
    }

    /// The title of the segment at `segment`; nil when it has none or is out of range.
    public func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    /// Sets the image of the segment at `segment` (nothing when out of range).
    public func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
    }

    /// The image of the segment at `segment`; nil when it has none or is out of range.
    public func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    /// Enables or disables the segment at `segment`: a disabled segment cannot be highlighted or chosen.
    public func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
    }

    /// Whether the segment at `segment` is enabled (false when out of range).
    public func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) && segments[segment].isEnabled }

    /// The enabled segment under `point` (own coordinates), if the point is inside the bounds.
    private func segment(at point: CGPoint) -> Int? {
        guard !segments.isEmpty, bounds.contains(point), bounds.width > 0 else { return nil }
        let position = ((point.x - bounds.minX) / bounds.width * CGFloat(segments.count)).rounded(.down)
        // Clamped as a CGFloat first (NaN becomes the last segment), so the conversion cannot trap.
        let index = Int(max(0, min(CGFloat(segments.count - 1), position)))
        return segments[index].isEnabled ? index : nil
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        highlightedSegment = segment(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        highlightedSegment = segment(at: touch.location(in: self))
        return true
    }

    /// Selects the segment the finger lifted over and sends `.valueChanged` when that changed the
    /// selection (always, for a momentary control).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        highlightedSegment = nil
        guard let touch, let chosen = segment(at: touch.location(in: self)) else { return }
        guard chosen != selectedSegmentIndex || isMomentary else { return }
        selectedSegmentIndex = chosen
        sendActions(for: .valueChanged, with: event)
        if isMomentary { selectedSegmentIndex = Self.noSegment }
    }

    open override func cancelTracking(with event: UIEvent?) {
        highlightedSegment = nil
    }

    /// iOS 6 rule: a superview's single tap does not steal a segmented control's tap
    /// (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        keepsSingleTap(from: recognizer, as: "UISegmentedControl")
    }

    override var renderedControlState: ControlRenderState {
        var state = super.renderedControlState
        state.segments = segments.map { $0.title ?? $0.image?.name ?? "" }
        state.selectedSegment = isMomentary ? nil : (selectedSegmentIndex == Self.noSegment ? nil : selectedSegmentIndex)
        state.highlightedSegment = highlightedSegment
        // A segmented control's accent is its selected segment's colour (iOS 13), not its tint.
        state.tint = selectedSegmentTintColor?.cgColor
        return state
    }
}
