export const toastTypes = ["success", "error", "warning", "info"] as const;
export type ToastType = (typeof toastTypes)[number];

export const DEFAULT_TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 5000;

/**
 * A toast the server asks the next page to show (after a redirect). With
 * `signInTo`, the page shows the message as a notice that stays, with a link
 * to sign in and come back to that path (a signed-out visit to the dashboard).
 */
export type FlashToast = { message: string; type: ToastType; duration?: number; signInTo?: string };
