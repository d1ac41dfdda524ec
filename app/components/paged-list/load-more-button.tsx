import { buttonStyles, busyStyles } from "#app/components/ui/button-styles.ts";

/** The button under a paged list, while there is more to load. */
export function LoadMoreButton({ loading, onClick, label = "Load more" }: { loading: boolean; onClick: () => void; label?: string }) {
  return (
    <div className="flex justify-center">
      <button
        type="button"
        className={`${buttonStyles.secondary} ${busyStyles}`}
        onClick={onClick}
        aria-disabled={loading || undefined}
        aria-busy={loading || undefined}
      >
        {loading ? "Loading..." : label}
      </button>
    </div>
  );
}
