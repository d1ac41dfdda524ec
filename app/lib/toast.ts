export const alertTypes = ["success", "error", "warning", "info"] as const;
export type AlertType = (typeof alertTypes)[number];

export const DEFAULT_ALERT_DURATION_MS = 4000;
export const ERROR_ALERT_DURATION_MS = 5000;

/** A toast the server asks the next page to show (after a redirect). */
export type FlashToast = { message: string; type: AlertType; duration?: number };
