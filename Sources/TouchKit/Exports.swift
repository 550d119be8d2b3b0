/// `import UIKit` brings CoreGraphics' geometry along; `import TouchKit` does the same with
/// Foundation's `CGPoint`, `CGSize`, `CGRect` and `CGFloat`, so ported view controllers compile as is
/// (and, as everywhere in TouchKit, what UIKit declares get-only is get-only here: UIKIT-API-SETTABILITY).
@_exported import Foundation
