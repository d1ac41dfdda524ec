import { useEffect, useId, useRef, useState } from "react";
import { CoverImage } from "#app/components/cover-image.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { formatDate } from "#app/lib/time/format-date.ts";
import type { MadeBatch } from "./codes.server.ts";
import { codesCsv, csvDataUrl, csvFileName } from "./code-csv.ts";
import { CodeQr } from "./code-qr.tsx";
import { CODES_TEXT } from "./codes-ui-text.ts";

/**
 * A batch just made, the one time its codes are shown: the CSV, and a sheet
 * of cards to print. Printed, the page is only the cards (the rest of the
 * dashboard is print:hidden), two across, none split over a page's edge.
 */
export function CodeCards({
  batch,
  message,
  artistName,
  origin,
}: {
  batch: MadeBatch;
  message: string;
  artistName: string;
  /** The site's address: each card's QR code leads to its redeem page with the code filled in. */
  origin: string;
}) {
  const site = origin.replace(/^https?:\/\//, "");
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Printing needs the app; before it runs, the browser's own Print does the same.
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  // The codes replace the form's place in the reader's attention: take them there.
  useEffect(() => heading.current?.focus(), [batch.id]);
  const until = batch.expiresAt !== null ? CODES_TEXT.cardUntil(formatDate(batch.expiresAt, batch.zone)) : null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-5 rounded-2xl border-2 border-emerald-500 p-5 sm:p-8 print:border-0 print:p-0"
    >
      <div className="space-y-2 print:hidden">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {CODES_TEXT.madeHeading}
        </h2>
        <p role="status" className="font-medium text-emerald-800 dark:text-emerald-300">
          {message}
        </p>
        <p className="text-sm text-stone-700 dark:text-stone-300">{CODES_TEXT.shownOnce}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <a href={csvDataUrl(codesCsv(batch))} download={csvFileName(batch.releaseTitle, batch.madeAt)} className={buttonClass("primary")}>
          {CODES_TEXT.downloadCsv}
        </a>
        {canPrint ? (
          <Button variant="secondary" onClick={() => window.print()}>
            {CODES_TEXT.print}
          </Button>
        ) : null}
        <p className="text-sm text-stone-600 dark:text-stone-400">{CODES_TEXT.printHint}</p>
      </div>
      <ul
        aria-label={CODES_TEXT.cardsLabel}
        className="grid max-h-[36rem] grid-cols-1 gap-3 overflow-y-auto rounded-xl bg-stone-100 p-3 sm:grid-cols-2 lg:grid-cols-3 dark:bg-stone-950 print:block print:max-h-none print:overflow-visible print:bg-transparent print:p-0 print:columns-2 print:gap-[6mm]"
      >
        {batch.codes.map((code) => (
          <li
            key={code}
            className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-300 bg-white p-4 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 print:mb-[6mm] print:h-[52mm] print:break-inside-avoid print:justify-between print:rounded-md print:border-dashed print:border-stone-500 print:bg-white print:p-[4mm] print:text-black"
          >
            <div className="flex items-center gap-3">
              {batch.coverKey ? (
                <CoverImage
                  coverKey={batch.coverKey}
                  alt=""
                  size={56}
                  priority
                  className="size-14 shrink-0 rounded-md object-cover print:size-[16mm]"
                />
              ) : null}
              <div className="min-w-0">
                <p className="truncate text-xs font-semibold uppercase tracking-[0.15em] text-stone-600 dark:text-stone-400 print:text-[7pt] print:text-stone-700">
                  {artistName}
                </p>
                <p className="line-clamp-2 font-display text-lg leading-tight font-semibold print:text-[12pt]">{batch.releaseTitle}</p>
              </div>
            </div>
            <div className="flex items-end justify-between gap-3">
              <div className="min-w-0 space-y-2">
                <p className="font-mono text-2xl font-bold tracking-[0.12em] whitespace-nowrap print:text-[17pt]">{code}</p>
                <div className="space-y-0.5 text-xs text-stone-700 dark:text-stone-300 print:text-[7.5pt] print:text-stone-800">
                  <p>{CODES_TEXT.cardRedeemAt(site)}</p>
                  {until || batch.usesPerCode > 1 ? (
                    <p>{[until, batch.usesPerCode > 1 ? CODES_TEXT.cardUses(batch.usesPerCode) : null].filter(Boolean).join(" · ")}</p>
                  ) : null}
                </div>
              </div>
              <CodeQr
                url={`${origin}/redeem?${new URLSearchParams({ code })}`}
                label={CODES_TEXT.cardQr}
                className="size-20 shrink-0 rounded-sm print:size-[20mm] print:rounded-none"
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
