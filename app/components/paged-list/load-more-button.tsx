import { Button } from "#app/components/ui/button.tsx";

/** The button under a paged list, while there is more to load. */
export function LoadMoreButton({ loading, onClick, label = "Load more" }: { loading: boolean; onClick: () => void; label?: string }) {
  return (
    <div className="flex justify-center">
      <Button variant="secondary" onClick={onClick} aria-disabled={loading || undefined} aria-busy={loading || undefined}>
        {loading ? "Loading..." : label}
      </Button>
    </div>
  );
}
