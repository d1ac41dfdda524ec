import { z } from "zod";

/** The spans the Numbers area offers, in days ending today (UTC). */
export const RANGE_DAYS = [7, 30, 365] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];
const DEFAULT_DAYS: RangeDays = 30;

/**
 * `?days=7|30|365`. Anything else is read as the default, as a page's other
 * queries are (the embed's `theme`): a range is a view, not a request that can
 * be wrong, and an address mangled by a mail client still opens the area.
 */
const numbersQuery = z.object({
  days: z
    .enum(["7", "30", "365"])
    .transform((value): RangeDays => (value === "7" ? 7 : value === "365" ? 365 : 30))
    .catch(DEFAULT_DAYS),
});

export function parseNumbersQuery(url: URL): { days: RangeDays } {
  return numbersQuery.parse({ days: url.searchParams.get("days") });
}
