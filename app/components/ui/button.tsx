import type { ComponentProps } from "react";

/**
 * The site's buttons: one shape, a few kinds, three sizes. `buttonClass` dresses
 * a link (or a label for a file input) as a button; `Button` is a <button>.
 */
export type ButtonVariant =
  /** The one thing a screen asks for. */
  | "primary"
  /** Everything beside it. */
  | "secondary"
  /** The secondary button on a dark panel in either theme. */
  | "onDark"
  /** A firm step that is not the page's main one (mark read, let a held message in). */
  | "strong"
  /** A way to remove something, asked again before it happens. */
  | "danger"
  /** The answer "yes, remove it" to that question. */
  | "confirmDanger"
  /** A small step back beside a line of text (undo). */
  | "quiet";

/** md: a page's own actions; sm: actions on a row of a list; xs: a row's lesser actions. */
export type ButtonSize = "md" | "sm" | "xs";

const shape =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 " +
  // Busy buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus to the page.
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

const sizes: Record<ButtonSize, string> = {
  md: "px-6 py-3 text-sm",
  sm: "min-h-9 px-4 py-1.5 text-sm",
  xs: "gap-1.5 px-3 py-1.5 text-xs",
};

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400",
  secondary: "border border-stone-300 text-stone-900 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800",
  onDark: "border border-stone-600 text-stone-50 hover:bg-stone-800 dark:hover:bg-stone-700",
  strong: "bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900 dark:hover:bg-stone-300",
  danger: "border border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950",
  confirmDanger: "bg-red-700 text-white hover:bg-red-800",
  quiet: "text-brand-700 underline underline-offset-2 hover:bg-stone-100 dark:text-brand-300 dark:hover:bg-stone-800",
};

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md"): string {
  return `${shape} ${sizes[size]} ${variants[variant]}`;
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

/**
 * A <button> (type "button" unless told). A button busy with a tap says so with
 * `aria-disabled` and its own handler ignores further taps; some such buttons
 * still act on a tap (to say what is missing), so this one does not decide that.
 */
export function Button({ variant = "secondary", size = "md", className, type = "button", ...rest }: ButtonProps) {
  const look = buttonClass(variant, size);
  return <button type={type} {...rest} className={className ? `${look} ${className}` : look} />;
}
