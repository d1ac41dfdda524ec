import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { TOAST_EVENT } from "#app/lib/document/client-errors.ts";
import { toastTypes, DEFAULT_TOAST_DURATION_MS, ERROR_TOAST_DURATION_MS, type ToastType } from "#app/lib/http/toast.ts";
import { toastsReducer, TOAST_EXIT_MS, type Toast } from "./toast-reducer.ts";
import { Toaster } from "./toaster.tsx";

type ToastApi = {
  toasts: Toast[];
  /** Shows a toast; duration defaults to 4000 ms (5000 ms for errors); 0 keeps it until closed. */
  addToast(message: string, type?: ToastType, duration?: number): string;
  removeToast(id: string): void;
  clearToasts(): void;
};

const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;
const nextId = () => `toast-${Date.now()}-${++counter}`;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastsReducer, []);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const removeToast = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    dispatch({ kind: "leave", id });
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        dispatch({ kind: "remove", id });
      }, TOAST_EXIT_MS),
    );
  }, []);

  const addToast = useCallback(
    (message: string, type: ToastType = "info", duration?: number) => {
      const id = nextId();
      const ms = duration ?? (type === "error" ? ERROR_TOAST_DURATION_MS : DEFAULT_TOAST_DURATION_MS);
      dispatch({ kind: "add", toast: { id, message, type, duration: ms, timestamp: Date.now() } });
      if (ms > 0)
        timers.current.set(
          id,
          setTimeout(() => removeToast(id), ms),
        );
      return id;
    },
    [removeToast],
  );

  const clearToasts = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    dispatch({ kind: "clear" });
  }, []);

  // Code outside React (the chunk-reload handler) raises toasts with a DOM event.
  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<{ message?: unknown; type?: unknown }>).detail;
      if (typeof detail?.message !== "string") return;
      const type = toastTypes.find((t) => t === detail.type) ?? "info";
      addToast(detail.message, type);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    const pending = timers.current;
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, [addToast]);

  const api = useMemo(() => ({ toasts, addToast, removeToast, clearToasts }), [toasts, addToast, removeToast, clearToasts]);
  return (
    <ToastContext value={api}>
      {children}
      <Toaster toasts={toasts} onClose={removeToast} />
    </ToastContext>
  );
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts must be used inside <ToastProvider>");
  return api;
}
