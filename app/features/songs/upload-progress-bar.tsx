// Styled through the bar's own parts: any styling drops Chromium's native
// look, whose fallback fill is a stock green.
const barStyles =
  "block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-stone-200 dark:bg-stone-700 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-brand-600 dark:[&::-moz-progress-bar]:bg-brand-400 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width] dark:[&::-webkit-progress-value]:bg-brand-400";

/** Shown only while the file is on its way (SPEC section 4): nothing before the first byte or once all are sent. */
const underWay = (percent: number | null): percent is number => percent !== null && percent > 0 && percent < 100;

/** A file's upload progress, named `label`. */
export function ProgressBar({ label, percent }: { label: string; percent: number | null }) {
  if (!underWay(percent)) return null;
  return <progress max={100} value={percent} aria-label={label} className={barStyles} />;
}

/** The bar with its name and percentage written above it. */
export function ProgressRow({ label, percent }: { label: string; percent: number | null }) {
  if (!underWay(percent)) return null;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-stone-600 dark:text-stone-400">{percent}%</span>
      </div>
      <ProgressBar label={label} percent={percent} />
    </div>
  );
}
