import type { ToastType } from "#app/lib/http/toast.ts";
import type { Toast } from "./toast-reducer.ts";

const styles: Record<ToastType, string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  warning: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  info: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
};

const labels: Record<ToastType, string> = { success: "Success", error: "Error", warning: "Warning", info: "Info" };

export function Toaster({ toasts, onClose }: { toasts: Toast[]; onClose: (id: string) => void }) {
  return (
    <div
      aria-live="polite"
      // At the bottom, clear of the header and of the actions pages put at their
      // top right (the dashboard's Logout); lifted above the now-playing bar
      // while it shows, found by its region name since features do not import each other.
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:left-auto sm:right-4 sm:items-end sm:px-0 [body:has([role=region][aria-label='Now_playing'])_&]:bottom-20"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          data-type={toast.type}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${styles[toast.type]} ${toast.leaving ? "animate-toast-out" : "animate-toast-in"}`}
        >
          <span className="sr-only">{labels[toast.type]}: </span>
          <p className="flex-1 text-sm font-medium">{toast.message}</p>
          <button
            type="button"
            onClick={() => onClose(toast.id)}
            className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
