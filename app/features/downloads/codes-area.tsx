import { useActionData } from "react-router";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import type { CodesAreaResult } from "./codes-action.server.ts";
import type { BatchView, CodeRelease } from "./codes.server.ts";
import { CodeBatchForm } from "./code-batch-form.tsx";
import { CodeBatchList } from "./code-batch-list.tsx";
import { CodeCards } from "./code-cards.tsx";
import { CODES_TEXT } from "./codes-ui-text.ts";

const card = "rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900";

/**
 * The dashboard's Download codes area: make a batch, its codes once (CSV and
 * cards), and the batches with their counts. Its answers are the page's
 * action data, so every part works as plain form posts.
 */
export function CodesArea({
  releases,
  batches,
  artistName,
  origin,
}: {
  releases: CodeRelease[];
  batches: BatchView[];
  artistName: string;
  /** The site's address, `https://juniper.example`: the cards' QR codes lead there. */
  origin: string;
}) {
  const answer = useActionData<FormAnswer<CodesAreaResult>>() ?? null;
  const made = answer?.ok && answer.intent === "make" && answer.batch ? answer : null;
  return (
    <div className="space-y-10">
      {made?.batch ? <CodeCards batch={made.batch} message={made.message} artistName={artistName} origin={origin} /> : null}
      <section aria-labelledby="make-codes-heading" className={`${card} print:hidden`}>
        <h2 id="make-codes-heading" className="mb-5 text-xl font-semibold">
          {CODES_TEXT.makeHeading}
        </h2>
        <CodeBatchForm releases={releases} answer={answer?.intent === "make" ? answer : null} />
      </section>
      <section aria-labelledby="code-batches-heading" className="space-y-4 print:hidden">
        <h2 id="code-batches-heading" className="text-xl font-semibold">
          {CODES_TEXT.listHeading}
        </h2>
        <CodeBatchList batches={batches} answer={answer} />
      </section>
    </div>
  );
}
