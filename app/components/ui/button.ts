/** How a link or button looks. Links that act as buttons (Get Quote) use the same classes. */
export type ButtonVariant = "primary" | "secondary" | "inverse" | "outline-inverse" | "ghost";
export type ButtonSize = "compact" | "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary:
    "border border-brand-200 bg-white text-brand-700 shadow-sm hover:border-brand-300 hover:bg-brand-50",
  // The inverse variants sit on dark backgrounds, where the focus ring turns white.
  inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white",
  "outline-inverse":
    "border border-white/60 text-white hover:bg-white/10 focus-visible:outline-white",
  ghost: "text-ink hover:bg-brand-50 hover:text-brand-700",
};

const sizes: Record<ButtonSize, string> = {
  // The header's buttons: tighter on phones, so that all four fit a 360 px screen in English and
  // in Spanish (issue 53).
  compact: "h-10 gap-1.5 px-1.5 text-sm sm:gap-2 sm:px-3",
  sm: "h-10 gap-2 px-3 text-sm",
  md: "h-11 gap-2 px-5 text-base",
  lg: "h-13 gap-2 px-6 text-base sm:text-lg",
};

/** The classes of a button of this variant and size (each utility set once, so none conflict). */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
