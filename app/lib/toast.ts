export const toastTypes = ["success", "error", "warning", "info"] as const;
export type ToastType = (typeof toastTypes)[number];

export const DEFAULT_TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 5000;

/** A toast the server asks the next page to show (after a redirect). */
export type FlashToast = { message: string; type: ToastType; duration?: number };
