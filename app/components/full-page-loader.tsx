export function FullPageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="full-page-loader"
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-50/80 backdrop-blur-sm dark:bg-stone-950/80"
    >
      <div className="flex flex-col items-center gap-3">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-stone-300 border-t-brand-600 dark:border-stone-700 dark:border-t-brand-400"
        />
        <span className="text-sm font-medium text-stone-700 dark:text-stone-300">{label}</span>
      </div>
    </div>
  );
}
