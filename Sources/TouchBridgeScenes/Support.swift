import TouchKit

/// Small helpers shared by the scenes.
extension UIViewController {
    /// A label pinned to the top of the scene, for showing what happened.
    func makeStatusLabel(_ text: String, name: String = "status") -> UILabel {
        let label = UILabel(frame: CGRect(x: 16, y: 16, width: 368, height: 44))
        label.text = text
        label.accessibilityIdentifier = name
        label.numberOfLines = 2
        view.addSubview(label)
        return label
    }

    /// The status line on top; `image` at its image's size, or smaller to fit a short stage (its aspect kept),
    /// in the middle of the safe area until the user moves it, then where they put it, in proportion
    /// (`placement`), and always on the stage below the status line.
    func layOut(status: UILabel, image: UIImageView, placement: ProportionalPlacement) {
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        if let design = image.image?.size, design.width > 0, design.height > 0 {
            let scale = max(min(1, regions.stage.width / design.width, regions.stage.height / design.height), 0)
            image.bounds.size = CGSize(width: design.width * scale, height: design.height * scale)
        }
        placement.place(image, in: view.bounds.inset(by: view.safeAreaInsets), keepingInside: regions.stage)
    }

    /// An image view that accepts touches (UIImageView ignores them by default — the classic bug).
    func makeImageView(_ name: String, center: CGPoint, size: CGSize = CGSize(width: 160, height: 160)) -> UIImageView {
        let imageView = UIImageView(image: UIImage(named: name, size: size))
        imageView.accessibilityIdentifier = "image"
        imageView.center = center
        imageView.backgroundColor = .systemBlue
        imageView.layer.cornerRadius = 12
        imageView.isUserInteractionEnabled = true
        view.addSubview(imageView)
        return imageView
    }
}
