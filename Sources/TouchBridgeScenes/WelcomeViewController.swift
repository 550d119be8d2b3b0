import TouchKit

/// The first thing a new user sees: what TouchBridge is, a card to play with (tap, drag, pinch), and a
/// button for every other scene. A button opens `touchbridge:scene/NAME` with `UIApplication.open`,
/// which the server turns into a scene switch.
public final class WelcomeViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The welcome card.
    public private(set) var card: UILabel!
    private var titleLabel: UILabel!
    private var sceneButtons: [UIButton] = []
    private var hasPlacedCard = false

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        titleLabel = makeStatusLabel("TouchBridge: UIKit's touch handling, live. Play with the card, open the panel to see why.", name: "title")
        titleLabel.font = .boldSystemFont(ofSize: 17)
        card = UILabel(frame: CGRect(x: 100, y: 90, width: 200, height: 120))
        card.accessibilityIdentifier = "card"
        card.text = "Tap, drag or pinch me"
        card.textAlignment = .center
        card.backgroundColor = .systemYellow
        card.layer.cornerRadius = 16
        card.isUserInteractionEnabled = true
        card.isMultipleTouchEnabled = true
        card.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(card)
        let tap = UITapGestureRecognizer(target: self, action: WelcomeViewController.handleTap)
        tap.name = "tap"
        let pan = UIPanGestureRecognizer(target: self, action: WelcomeViewController.handlePan)
        pan.name = "pan"
        let pinch = UIPinchGestureRecognizer(target: self, action: WelcomeViewController.handlePinch)
        pinch.name = "pinch"
        pinch.delegate = self
        for recognizer in [tap, pan, pinch] as [UIGestureRecognizer] { card.addGestureRecognizer(recognizer) }

        for (index, descriptor) in SceneLibrary.all.filter({ $0.name != "welcome" }).enumerated() {
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 20 + CGFloat(index % 2) * 185, y: 240 + CGFloat(index / 2) * 54, width: 175, height: 44)
            button.setTitle(descriptor.title, for: .normal)
            button.backgroundColor = UIColor(red: 0.9, green: 0.93, blue: 1, alpha: 1)
            button.layer.cornerRadius = 8
            button.accessibilityIdentifier = "open-\(descriptor.name)"
            let name = descriptor.name
            button.addAction(UIAction { [weak self] _ in
                guard let url = URL(string: "touchbridge:scene/\(name)") else { return }
                self?.view.window?.application?.open(url)
            }, for: .touchUpInside)
            view.addSubview(button)
            sceneButtons.append(button)
        }
    }

    /// Portrait: the card near the top and the scene buttons in two columns below it. Wide windows,
    /// or too short for that: the card on the left and the buttons in a grid on the right, with as
    /// many columns as the rows that fit need (laid out from the bounds).
    public override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view)
        titleLabel.frame = regions.status
        let stage = regions.stage
        let rowHeight: CGFloat = 44, gap: CGFloat = 10
        let portraitRows = CGFloat((sceneButtons.count + 1) / 2)
        let fitsPortrait = stage.height >= 172 + portraitRows * (rowHeight + gap) && stage.width <= stage.height
        let cardArea: CGRect
        let grid: CGRect
        if fitsPortrait {
            cardArea = CGRect(x: stage.minX, y: stage.minY, width: stage.width, height: 164)
            grid = CGRect(x: stage.minX + 4, y: stage.minY + 172, width: stage.width - 8, height: stage.height - 172)
        } else {
            let cardWidth = min(max(stage.width * 0.4, 220), stage.width / 2)
            cardArea = CGRect(x: stage.minX, y: stage.minY, width: cardWidth, height: stage.height)
            grid = CGRect(x: stage.minX + cardWidth + gap, y: stage.minY, width: stage.width - cardWidth - gap, height: stage.height)
        }
        if !hasPlacedCard {
            card.center = CGPoint(x: cardArea.midX, y: cardArea.midY)
            hasPlacedCard = true
        }
        card.keepCenter(inside: stage)
        let fittingRows = max(Int((grid.height + gap) / (rowHeight + gap)), 1)
        let columns = max(2, (sceneButtons.count + fittingRows - 1) / fittingRows)
        let rows = (sceneButtons.count + columns - 1) / columns
        let height = min(rowHeight, (grid.height - CGFloat(rows - 1) * gap) / CGFloat(rows))
        let width = (grid.width - CGFloat(columns - 1) * gap) / CGFloat(columns)
        for (index, button) in sceneButtons.enumerated() {
            button.frame = CGRect(x: grid.minX + CGFloat(index % columns) * (width + gap),
                                  y: grid.minY + CGFloat(index / columns) * (height + gap), width: width, height: height)
        }
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer is UIPanGestureRecognizer
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        card.backgroundColor = card.backgroundColor == .systemYellow ? .systemGreen : .systemYellow
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        let translation = sender.translation(in: view)
        card.center = CGPoint(x: card.center.x + translation.x, y: card.center.y + translation.y)
        sender.setTranslation(.zero, in: view)
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        card.transform = card.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }
}
