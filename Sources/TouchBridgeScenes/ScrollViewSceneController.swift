import TouchKit

/// A scroll view with tall content, buttons inside and pinch zoom (UIKIT-SCROLL-CONTENT-TOUCHES); a switch
/// turns `delaysContentTouches` off to show the classic trade-off: buttons highlight at once, but a drag that
/// starts on a button no longer scrolls.
package final class ScrollViewSceneController: UIViewController, UIScrollViewDelegate {
    /// The scroll view.
    package private(set) var scrollView: UIScrollView!
    /// Its tall content, with the buttons.
    package private(set) var content: UIView!
    /// The buttons tapped, in order.
    package private(set) var taps: [String] = []
    private var toggle: Toggle?
    private var status: UILabel!

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 120, width: 400, height: 680))
        scrollView.accessibilityIdentifier = "scrollView"
        scrollView.delegate = self
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 3
        view.addSubview(scrollView)
        content = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 2000))
        content.accessibilityIdentifier = "content"
        scrollView.addSubview(content)
        scrollView.contentSize = content.bounds.size
        for index in 0..<10 {
            let stripe = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 200, width: 400, height: 200))
            stripe.backgroundColor = index % 2 == 0 ? UIColor(white: 0.92, alpha: 1) : .white
            content.addSubview(stripe)
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 100, y: 70, width: 200, height: 60)
            button.setTitle("Button \(index + 1)", for: .normal)
            button.backgroundColor = .systemBlue
            button.layer.cornerRadius = 10
            button.accessibilityIdentifier = "button\(index + 1)"
            button.addTarget(self, action: ScrollViewSceneController.buttonTapped, for: .touchUpInside)
            stripe.addSubview(button)
        }
        status = makeStatusLabel("Scroll, pinch to zoom, tap the buttons.")
        let scroll = scrollView!
        toggle = Toggle("delaysContentTouches", name: "delaysContentTouches", isOn: true, at: CGPoint(x: 16, y: 70), in: view) {
            scroll.delaysContentTouches = $0
        }
    }

    /// The switch under the status line, the scroll view filling the rest; its content as wide as
    /// the scroll view, the buttons centred (laid out from the bounds).
    package override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        let area = view.bounds.inset(by: view.safeAreaInsets)
        toggle?.place(in: CGRect(x: area.minX + 16, y: regions.status.maxY + 6, width: area.width - 32, height: 40))
        let top = regions.status.maxY + 50
        scrollView.frame = CGRect(x: area.minX, y: top, width: area.width, height: max(area.maxY - top, 0))
        guard scrollView.zoomScale == 1 else { return }
        content.frame = CGRect(x: 0, y: 0, width: scrollView.bounds.width, height: content.bounds.height)
        for stripe in content.subviews {
            stripe.frame = CGRect(x: 0, y: stripe.frame.minY, width: content.bounds.width, height: stripe.frame.height)
            for button in stripe.subviews { button.center.x = stripe.bounds.midX }
        }
        scrollView.contentSize = content.bounds.size
    }

    func buttonTapped(_ sender: UIButton) {
        taps.append(sender.accessibilityIdentifier ?? "button")
    }

    package func viewForZooming(in scrollView: UIScrollView) -> UIView? { content }
}
