import TouchKit

/// Swipe right on the card to count; scribble over it to erase the count. The swipe waits for
/// the scribble to fail (`require(toFail:)`), the way a single tap waits for a double tap: a
/// scribble starts like a swipe, so the swipe is only reported once the finger lifts without
/// having scribbled.
public final class ScribbleViewController: UIViewController {
    public private(set) var card: UIView!
    public private(set) var status: UILabel!
    public private(set) var swipes = 0

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        status = UILabel(frame: CGRect(x: 16, y: 16, width: 368, height: 44))
        status.accessibilityIdentifier = "status"
        status.text = "Swipe right on the card, or scribble over it."
        view.addSubview(status)

        card = UIView(frame: CGRect(x: 50, y: 250, width: 300, height: 200))
        card.accessibilityIdentifier = "card"
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        view.addSubview(card)

        let scribble = ScribbleGestureRecognizer(target: self, action: ScribbleViewController.erase)
        scribble.name = "scribble"
        card.addGestureRecognizer(scribble)

        let swipe = UISwipeGestureRecognizer(target: self, action: ScribbleViewController.count)
        swipe.name = "swipe"
        swipe.direction = .right
        swipe.require(toFail: scribble)
        card.addGestureRecognizer(swipe)
    }

    func count() {
        swipes += 1
        status.text = "Swiped right \(swipes) time\(swipes == 1 ? "" : "s")."
        card.backgroundColor = swipes % 2 == 0 ? .systemBlue : .systemOrange
    }

    func erase() {
        swipes = 0
        status.text = "Scribbled: erased."
        card.backgroundColor = .systemGray
    }
}
