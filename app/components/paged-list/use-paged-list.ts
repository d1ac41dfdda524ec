import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { useFocusAfterRender } from "./use-focus-after-render.ts";
import { errorOf, readListPage, type ListPage, type PageKeys } from "./list-page.ts";

export type LoadMoreOptions<Item> = {
  /** The list's API, e.g. "/api/messages"; the next page is `?before=<cursor>`. */
  endpoint: string;
  keys: PageKeys;
  nextCursor: string | null;
  /** The list's words: the toast says `${loadFailed}: ${the answer's error, or unexpected}`. */
  words: { loadFailed: string; unexpected: string };
  /** A page we asked for has arrived. */
  onPage: (page: ListPage<Item>) => void;
};

/**
 * "Load more" for a list that keeps its own items: fetches the page after
 * `nextCursor` without reloading the dashboard, hands it to `onPage`, and
 * shows a toast when it fails.
 */
export function useLoadMore<Item>({ endpoint, keys, nextCursor, words, onPage }: LoadMoreOptions<Item>): {
  loading: boolean;
  loadMore: () => void;
} {
  const more = useFetcher();
  const { addToast } = useToasts();
  // Set only while a page we asked for is on its way, so that a revalidation of
  // this fetcher (after another form on the dashboard posts) is not appended twice.
  const requested = useRef(false);
  const arrived = useEffectEvent((data: unknown) => {
    const page = readListPage<Item>(data, keys);
    if (page) onPage(page);
    else addToast(`${words.loadFailed}: ${errorOf(data, words.unexpected)}`, "error");
  });
  useEffect(() => {
    if (more.state !== "idle" || more.data === undefined || !requested.current) return;
    requested.current = false;
    arrived(more.data);
  }, [more.state, more.data]);

  const loading = more.state !== "idle";
  const loadMore = () => {
    if (!nextCursor || loading) return;
    requested.current = true;
    void more.load(`${endpoint}?before=${encodeURIComponent(nextCursor)}`);
  };
  return { loading, loadMore };
}

export type PagedListOptions<Item extends { id: string }> = Omit<LoadMoreOptions<Item>, "nextCursor" | "onPage"> & {
  /** The first page, from the dashboard's loader, or why it could not be loaded. */
  initial: ListPage<Item> | { error: string };
  /** The DOM id of an item's element: the keyboard moves to the first item of each page loaded. */
  domIdOf?: (id: string) => string;
};

export type PagedList<Item extends { id: string }> = ListPage<Item> & {
  /** Why the first page could not be loaded (the list is then empty, with no count); null when it was. */
  loadError: string | null;
  loading: boolean;
  loadMore: () => void;
  /** Takes an item out (deleted, or released elsewhere); a list with a count counts one fewer. */
  removeItem: (id: string) => void;
  /** Replaces each item with what `change` makes of it (one song becomes the latest, and every other one not). */
  updateItems: (change: (item: Item) => Item) => void;
  /** Starts again from a fresh first page, e.g. the dashboard's loader's after a song was added. */
  reset: (page: ListPage<Item>) => void;
};

const noPage = { items: [], nextCursor: null, count: null };

/**
 * A paged admin list's state: its items (a page at a time, newest first, each
 * once), the next page's cursor and the server's count.
 */
export function usePagedList<Item extends { id: string }>({ initial, domIdOf, ...options }: PagedListOptions<Item>): PagedList<Item> {
  const failed = "error" in initial;
  const [list, setList] = useState<ListPage<Item>>(() => ("error" in initial ? noPage : initial));
  // The dashboard's loader may run again and fail, or succeed where it had failed:
  // the list then starts again from what it says, as a list drawn afresh would.
  const [startedFailed, setStartedFailed] = useState(failed);
  if (startedFailed !== failed) {
    setStartedFailed(failed);
    setList("error" in initial ? noPage : initial);
  }
  const loadError = "error" in initial ? initial.error || options.words.loadFailed : null;
  const focus = useFocusAfterRender();
  const { loading, loadMore } = useLoadMore<Item>({
    ...options,
    nextCursor: list.nextCursor,
    onPage: (page) => {
      setList((current) => {
        const known = new Set(current.items.map((item) => item.id));
        // The server's count is newer than ours.
        return {
          items: [...current.items, ...page.items.filter((item) => !known.has(item.id))],
          nextCursor: page.nextCursor,
          count: page.count,
        };
      });
      // The keyboard moves to the first new row, so "Load more" going away does not lose it.
      const first = page.items[0];
      if (first && domIdOf) focus(domIdOf(first.id));
    },
  });

  const removeItem = useCallback(
    (id: string) =>
      setList((current) => {
        if (!current.items.some((item) => item.id === id)) return current;
        return {
          ...current,
          items: current.items.filter((item) => item.id !== id),
          count: current.count === null ? null : Math.max(0, current.count - 1),
        };
      }),
    [],
  );
  const updateItems = useCallback(
    (change: (item: Item) => Item) => setList((current) => ({ ...current, items: current.items.map(change) })),
    [],
  );
  const reset = useCallback((page: ListPage<Item>) => setList(page), []);

  return { ...list, loadError, loading, loadMore, removeItem, updateItems, reset };
}
