/// `import UIKit` brings CoreGraphics' geometry along; `import TouchKit` does the same with
/// Foundation's `CGPoint`, `CGSize`, `CGRect` and `CGFloat`, so ported view controllers compile as is.
@_exported import Foundation
