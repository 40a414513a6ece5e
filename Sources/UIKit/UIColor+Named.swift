import Foundation

/// The fixed named colours, with the components Apple documents for each ("A color object whose
/// RGB values are 1.0, 0.5, and 0.0 and whose alpha value is 1.0" for `orange`…): grays are in
/// the gray space, the others in sRGB. One shared instance each, as on iOS.
extension UIColor {
    private enum Fixed {
        static let black = UIColor(white: 0, alpha: 1)
        static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
        static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
        static let white = UIColor(white: 1, alpha: 1)
        static let gray = UIColor(white: 0.5, alpha: 1)
        static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
        static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
        static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
        static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
        static let clear = UIColor(white: 0, alpha: 0)
        static let lightText = UIColor(white: 1, alpha: 0.6)
        static let darkText = UIColor(white: 0, alpha: 1)
    }

    /// Gray 0, alpha 1.
    public class var black: UIColor { Fixed.black }
    /// Gray 1/3, alpha 1.
    public class var darkGray: UIColor { Fixed.darkGray }
    /// Gray 2/3, alpha 1.
    public class var lightGray: UIColor { Fixed.lightGray }
    /// Gray 1, alpha 1.
    public class var white: UIColor { Fixed.white }
    /// Gray 0.5, alpha 1.
    public class var gray: UIColor { Fixed.gray }
    /// RGB 1, 0, 0.
    public class var red: UIColor { Fixed.red }
    /// RGB 0, 1, 0.
    public class var green: UIColor { Fixed.green }
    /// RGB 0, 0, 1.
    public class var blue: UIColor { Fixed.blue }
    /// RGB 0, 1, 1.
    public class var cyan: UIColor { Fixed.cyan }
    /// RGB 1, 1, 0.
    public class var yellow: UIColor { Fixed.yellow }
    /// RGB 1, 0, 1.
    public class var magenta: UIColor { Fixed.magenta }
    /// RGB 1, 0.5, 0.
    public class var orange: UIColor { Fixed.orange }
    /// RGB 0.5, 0, 0.5.
    public class var purple: UIColor { Fixed.purple }
    /// RGB 0.6, 0.4, 0.2.
    public class var brown: UIColor { Fixed.brown }
    /// Gray 0, alpha 0.
    public class var clear: UIColor { Fixed.clear }
    /// Gray 1, alpha 0.6: text on dark backgrounds.
    public class var lightText: UIColor { Fixed.lightText }
    /// Gray 0, alpha 1: text on light backgrounds.
    public class var darkText: UIColor { Fixed.darkText }
}

/// The adaptable system colours and the semantic UI colours, with their light-mode, default-
/// contrast values from Apple's Human Interface Guidelines (the iOS 13–18 table, in 8-bit sRGB;
/// the 2025 revision changed some hues slightly). iOS resolves them per trait collection; Strata
/// has one appearance, the light one.
extension UIColor {
    private static func rgb8(_ r: Int, _ g: Int, _ b: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: alpha)
    }

    private enum System {
        static let red = UIColor.rgb8(255, 59, 48)
        static let orange = UIColor.rgb8(255, 149, 0)
        static let yellow = UIColor.rgb8(255, 204, 0)
        static let green = UIColor.rgb8(52, 199, 89)
        static let mint = UIColor.rgb8(0, 199, 190)
        static let teal = UIColor.rgb8(48, 176, 199)
        static let cyan = UIColor.rgb8(50, 173, 230)
        static let blue = UIColor.rgb8(0, 122, 255)
        static let indigo = UIColor.rgb8(88, 86, 214)
        static let purple = UIColor.rgb8(175, 82, 222)
        static let pink = UIColor.rgb8(255, 45, 85)
        static let brown = UIColor.rgb8(162, 132, 94)
        static let gray = UIColor.rgb8(142, 142, 147)
        static let gray2 = UIColor.rgb8(174, 174, 178)
        static let gray3 = UIColor.rgb8(199, 199, 204)
        static let gray4 = UIColor.rgb8(209, 209, 214)
        static let gray5 = UIColor.rgb8(229, 229, 234)
        static let gray6 = UIColor.rgb8(242, 242, 247)
        static let label = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        static let secondaryLabel = UIColor.rgb8(60, 60, 67, 0.6)
        static let tertiaryLabel = UIColor.rgb8(60, 60, 67, 0.3)
        static let quaternaryLabel = UIColor.rgb8(60, 60, 67, 0.18)
        static let systemFill = UIColor.rgb8(120, 120, 128, 0.2)
        static let secondarySystemFill = UIColor.rgb8(120, 120, 128, 0.16)
        static let tertiarySystemFill = UIColor.rgb8(118, 118, 128, 0.12)
        static let quaternarySystemFill = UIColor.rgb8(116, 116, 128, 0.08)
        static let white = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        static let separator = UIColor.rgb8(60, 60, 67, 0.29)
        static let opaqueSeparator = UIColor.rgb8(198, 198, 200)
    }

    /// Light mode: RGB 255, 59, 48.
    public class var systemRed: UIColor { System.red }
    /// Light mode: RGB 255, 149, 0.
    public class var systemOrange: UIColor { System.orange }
    /// Light mode: RGB 255, 204, 0.
    public class var systemYellow: UIColor { System.yellow }
    /// Light mode: RGB 52, 199, 89.
    public class var systemGreen: UIColor { System.green }
    /// Light mode: RGB 0, 199, 190.
    public class var systemMint: UIColor { System.mint }
    /// Light mode: RGB 48, 176, 199.
    public class var systemTeal: UIColor { System.teal }
    /// Light mode: RGB 50, 173, 230.
    public class var systemCyan: UIColor { System.cyan }
    /// Light mode: RGB 0, 122, 255.
    public class var systemBlue: UIColor { System.blue }
    /// Light mode: RGB 88, 86, 214.
    public class var systemIndigo: UIColor { System.indigo }
    /// Light mode: RGB 175, 82, 222.
    public class var systemPurple: UIColor { System.purple }
    /// Light mode: RGB 255, 45, 85.
    public class var systemPink: UIColor { System.pink }
    /// Light mode: RGB 162, 132, 94.
    public class var systemBrown: UIColor { System.brown }
    /// Light mode: RGB 142, 142, 147.
    public class var systemGray: UIColor { System.gray }
    /// Light mode: RGB 174, 174, 178.
    public class var systemGray2: UIColor { System.gray2 }
    /// Light mode: RGB 199, 199, 204.
    public class var systemGray3: UIColor { System.gray3 }
    /// Light mode: RGB 209, 209, 214.
    public class var systemGray4: UIColor { System.gray4 }
    /// Light mode: RGB 229, 229, 234.
    public class var systemGray5: UIColor { System.gray5 }
    /// Light mode: RGB 242, 242, 247.
    public class var systemGray6: UIColor { System.gray6 }
    /// The app's tint: `systemBlue`.
    public class var tintColor: UIColor { System.blue }

    /// Primary text: black.
    public class var label: UIColor { System.label }
    /// Secondary text: RGB 60, 60, 67 at 60 %.
    public class var secondaryLabel: UIColor { System.secondaryLabel }
    /// Tertiary text: RGB 60, 60, 67 at 30 %.
    public class var tertiaryLabel: UIColor { System.tertiaryLabel }
    /// Quaternary text: RGB 60, 60, 67 at 18 %.
    public class var quaternaryLabel: UIColor { System.quaternaryLabel }
    /// Placeholder text: RGB 60, 60, 67 at 30 %.
    public class var placeholderText: UIColor { System.tertiaryLabel }
    /// Links: `systemBlue`.
    public class var link: UIColor { System.blue }
    /// Thin shapes' fill: RGB 120, 120, 128 at 20 %.
    public class var systemFill: UIColor { System.systemFill }
    /// Medium shapes' fill: RGB 120, 120, 128 at 16 %.
    public class var secondarySystemFill: UIColor { System.secondarySystemFill }
    /// Large shapes' fill: RGB 118, 118, 128 at 12 %.
    public class var tertiarySystemFill: UIColor { System.tertiarySystemFill }
    /// Large areas' fill: RGB 116, 116, 128 at 8 %.
    public class var quaternarySystemFill: UIColor { System.quaternarySystemFill }
    /// The main background: white.
    public class var systemBackground: UIColor { System.white }
    /// Content layered on the main background: RGB 242, 242, 247.
    public class var secondarySystemBackground: UIColor { System.gray6 }
    /// Content layered on the secondary background: white.
    public class var tertiarySystemBackground: UIColor { System.white }
    /// Grouped content's background: RGB 242, 242, 247.
    public class var systemGroupedBackground: UIColor { System.gray6 }
    /// Grouped content layered on it: white.
    public class var secondarySystemGroupedBackground: UIColor { System.white }
    /// The next level of grouped content: RGB 242, 242, 247.
    public class var tertiarySystemGroupedBackground: UIColor { System.gray6 }
    /// Thin borders that let content show through: RGB 60, 60, 67 at 29 %.
    public class var separator: UIColor { System.separator }
    /// Opaque borders: RGB 198, 198, 200.
    public class var opaqueSeparator: UIColor { System.opaqueSeparator }
}
