import { DEFAULT_TOAST_DURATION_MS, type ToastType } from "#app/lib/http/toast.ts";

export type Toast = {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
  timestamp: number;
  /** True during the 300 ms exit animation, before the toast is gone. */
  leaving: boolean;
};

export const TOAST_EXIT_MS = 300;

export type ToastAction =
  | { kind: "add"; toast: Omit<Toast, "leaving" | "duration"> & { duration?: number } }
  | { kind: "leave"; id: string }
  | { kind: "remove"; id: string }
  | { kind: "clear" };

export function toastsReducer(toasts: Toast[], action: ToastAction): Toast[] {
  switch (action.kind) {
    case "add": {
      // The same words again (a second save) take the earlier toast's place: one message, its time anew.
      const { message, type } = action.toast;
      const others = toasts.filter((a) => a.leaving || a.message !== message || a.type !== type);
      return [...others, { ...action.toast, duration: action.toast.duration ?? DEFAULT_TOAST_DURATION_MS, leaving: false }];
    }
    case "leave":
      return toasts.map((a) => (a.id === action.id ? { ...a, leaving: true } : a));
    case "remove":
      return toasts.filter((a) => a.id !== action.id);
    case "clear":
      return [];
  }
}
