import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { ALERT_EVENT } from "#app/lib/client-errors.ts";
import { alertTypes, DEFAULT_ALERT_DURATION_MS, ERROR_ALERT_DURATION_MS, type AlertType } from "#app/lib/toast.ts";
import { alertsReducer, TOAST_EXIT_MS, type Alert } from "./alerts-reducer.ts";
import { Toaster } from "./toaster.tsx";

type AlertsApi = {
  alerts: Alert[];
  /** Shows a toast; duration defaults to 4000 ms (5000 ms for errors); 0 keeps it until closed. */
  addAlert(message: string, type?: AlertType, duration?: number): string;
  removeAlert(id: string): void;
  clearAlerts(): void;
};

const AlertsContext = createContext<AlertsApi | null>(null);

let counter = 0;
const nextId = () => `alert-${Date.now()}-${++counter}`;

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, dispatch] = useReducer(alertsReducer, []);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const removeAlert = useCallback((id: string) => {
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

  const addAlert = useCallback(
    (message: string, type: AlertType = "info", duration?: number) => {
      const id = nextId();
      const ms = duration ?? (type === "error" ? ERROR_ALERT_DURATION_MS : DEFAULT_ALERT_DURATION_MS);
      dispatch({ kind: "add", alert: { id, message, type, duration: ms, timestamp: Date.now() } });
      if (ms > 0) timers.current.set(id, setTimeout(() => removeAlert(id), ms));
      return id;
    },
    [removeAlert],
  );

  const clearAlerts = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    dispatch({ kind: "clear" });
  }, []);

  // Code outside React (the chunk-reload handler) raises toasts with a DOM event.
  useEffect(() => {
    const onAlert = (event: Event) => {
      const detail = (event as CustomEvent<{ message?: unknown; type?: unknown }>).detail;
      if (typeof detail?.message !== "string") return;
      const type = alertTypes.find((t) => t === detail.type) ?? "info";
      addAlert(detail.message, type);
    };
    window.addEventListener(ALERT_EVENT, onAlert);
    const pending = timers.current;
    return () => {
      window.removeEventListener(ALERT_EVENT, onAlert);
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, [addAlert]);

  const api = useMemo(() => ({ alerts, addAlert, removeAlert, clearAlerts }), [alerts, addAlert, removeAlert, clearAlerts]);
  return (
    <AlertsContext value={api}>
      {children}
      <Toaster alerts={alerts} onClose={removeAlert} />
    </AlertsContext>
  );
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error("useAlerts must be used inside <AlertsProvider>");
  return api;
}
