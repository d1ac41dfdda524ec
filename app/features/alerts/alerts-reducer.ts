import { DEFAULT_ALERT_DURATION_MS, type AlertType } from "#app/lib/toast.ts";

export type Alert = {
  id: string;
  message: string;
  type: AlertType;
  duration: number;
  timestamp: number;
  /** True during the 300 ms exit animation, before the alert is gone. */
  leaving: boolean;
};

export const TOAST_EXIT_MS = 300;

export type AlertAction =
  | { kind: "add"; alert: Omit<Alert, "leaving" | "duration"> & { duration?: number } }
  | { kind: "leave"; id: string }
  | { kind: "remove"; id: string }
  | { kind: "clear" };

export function alertsReducer(alerts: Alert[], action: AlertAction): Alert[] {
  switch (action.kind) {
    case "add":
      return [
        ...alerts,
        { ...action.alert, duration: action.alert.duration ?? DEFAULT_ALERT_DURATION_MS, leaving: false },
      ];
    case "leave":
      return alerts.map((a) => (a.id === action.id ? { ...a, leaving: true } : a));
    case "remove":
      return alerts.filter((a) => a.id !== action.id);
    case "clear":
      return [];
  }
}
