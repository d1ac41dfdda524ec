import { useEffect, useState } from "react";

/**
 * Server and first client render print dates in UTC so the markup matches;
 * after mount they switch to the visitor's own time zone.
 */
export function useVisitorTimeZone(): string | undefined {
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => setTimeZone(undefined), []);
  return timeZone;
}
