import type { ComponentProps } from "react";

const look = "font-semibold text-brand-700 dark:text-brand-300";

/**
 * A step that reads as a word in a line (Edit, Open, Close preview): styled as
 * a link, yet a button, since it changes what the area shows without leaving it.
 */
export function LinkButton({ className, type = "button", ...rest }: ComponentProps<"button">) {
  return <button type={type} {...rest} className={className ? `${look} ${className}` : look} />;
}
