import TouchKit

/// The first thing a new user sees: what TouchBridge is, a card to play with (tap, drag, pinch), and a
/// button for every other scene. A button opens `touchbridge:scene/NAME` with `UIApplication.open`,
/// which the server turns into a scene switch.
package final class WelcomeViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The welcome card.
    package private(set) var card: UILabel!
    private var titleLabel: UILabel!
    private var sceneButtons: [UIButton] = []
    private let buttonList = UIScrollView.panel(named: "sceneList")
    private let cardPlacement = ProportionalPlacement()
    /// The title, longest first: the longest that fits in two lines is shown (an iOS app's shorter
    /// label for a narrow window), so the instruction to open the panel is never cut.
    static let titles = [
        "TouchBridge: UIKit's touch handling, live. Play with the card, open the panel to see why.",
        "UIKit's touch handling, live. Play with the card, open the panel to see why.",
        "Play with the card; open the panel to see why.",
    ]

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        titleLabel = makeStatusLabel(Self.titles[0], name: "title")
        titleLabel.font = .boldSystemFont(ofSize: 17)
        card = UILabel(frame: CGRect(x: 100, y: 90, width: 200, height: 120))
        card.accessibilityIdentifier = "card"
        card.text = "Tap, drag or pinch me"
        card.textAlignment = .center
        card.backgroundColor = .systemYellow
        card.layer.cornerRadius = 16
        card.isUserInteractionEnabled = true
        card.isMultipleTouchEnabled = true
        view.addSubview(card)
        view.addSubview(buttonList)
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
            buttonList.addSubview(button)
            sceneButtons.append(button)
        }
    }

    /// Regular height: the card on top and the scene buttons below it; compact height (a phone in landscape)
    /// or a short window wide enough for both: the card on the left and the buttons beside it. The buttons are as wide as the
    /// longest title needs, in as many columns as fit, in a scroll view that scrolls when they do not all fit
    /// (laid out from the bounds, safe area and traits only).
    package override func viewDidLayoutSubviews() {
        let width = view.bounds.inset(by: view.safeAreaInsets).width - 2 * SceneRegions.margin
        titleLabel.text = Self.titles.first { TextMetrics.size(of: $0, in: titleLabel.font, width: width).height <= 2 * 17 * TextMetrics.lineHeight }
            ?? Self.titles[Self.titles.count - 1]
        let regions = SceneRegions(view, statusLabel: titleLabel)
        titleLabel.frame = regions.status
        let stage = regions.stage
        let gap: CGFloat = 10, rowHeight: CGFloat = 44
        let cardSize = CGSize(width: TextMetrics.width(of: card.text ?? "", in: card.font).rounded(.up) + 32, height: 120)
        let titleFont = UIFont.systemFont(ofSize: 17)
        let buttonWidth = (sceneButtons.compactMap(\.currentTitle).map { TextMetrics.width(of: $0, in: titleFont) }.max() ?? 0).rounded(.up) + 24
        let fitsBeside = stage.width >= cardSize.width + gap + buttonWidth
        let sideBySide = fitsBeside && (traitCollection.verticalSizeClass == .compact || stage.height < cardSize.height + 3 * (rowHeight + gap))
        let cardArea: CGRect
        let list: CGRect
        if sideBySide {
            let cardWidth = min(max(stage.width - buttonWidth - gap, cardSize.width), stage.width / 2)
            cardArea = CGRect(x: stage.minX, y: stage.minY, width: cardWidth, height: stage.height)
            list = CGRect(x: cardArea.maxX + gap, y: stage.minY, width: stage.width - cardWidth - gap, height: stage.height)
        } else {
            let cardHeight = min(cardSize.height + 44, stage.height / 2)
            cardArea = CGRect(x: stage.minX, y: stage.minY, width: stage.width, height: cardHeight)
            list = CGRect(x: stage.minX, y: cardArea.maxY + gap, width: stage.width, height: stage.height - cardHeight - gap)
        }
        card.bounds.size = CGSize(width: min(cardSize.width, cardArea.width), height: min(cardSize.height, cardArea.height))
        cardPlacement.place(card, in: cardArea, keepingInside: stage)
        // Geometry can be anything a client or a mutation test makes it (even NaN): clamp before converting.
        let fitting = ((list.width + gap) / (buttonWidth + gap)).rounded(.down)
        let columns = fitting.isFinite ? Int(min(max(fitting, 1), CGFloat(sceneButtons.count))) : 1
        let rows = stride(from: 0, to: sceneButtons.count, by: columns).map { Array(sceneButtons[$0..<min($0 + columns, sceneButtons.count)]) }
        buttonList.layOut(in: list, rows: rows.map { buttons in
            PanelRow(height: rowHeight) { row in
                let width = (row.width - CGFloat(columns - 1) * gap) / CGFloat(columns)
                for (column, button) in buttons.enumerated() {
                    button.frame = CGRect(x: row.minX + CGFloat(column) * (width + gap), y: row.minY, width: width, height: row.height)
                }
            }
        })
    }

    package func gestureRecognizer(
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
