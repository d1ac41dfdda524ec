import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

const SUBSCRIBERS_IMPORT = "/api/subscribers/import";
const IMPORT_WARNING =
  "Imported addresses were not confirmed on this site: import only people who agreed to hear from you. Addresses that left the list here are not put back.";

type ImportAnswer = {
  added?: number;
  alreadyOn?: number;
  leftOff?: number;
  problems?: { line: number; message: string }[];
  moreProblems?: number;
  error?: string;
};
/**
 * Subscribers from another tool: pick a CSV file, and it is sent as it is; the
 * answer says how many were added, already on, or left off, and which lines
 * could not be read, with the reminder that these were not confirmed here.
 */
export function CsvImport({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; answer: ImportAnswer | null }>({ busy: false, answer: null });
  const { revalidate } = useRevalidator();
  const upload = async (file: File) => {
    setState({ busy: true, answer: null });
    try {
      const response = await fetch(`${SUBSCRIBERS_IMPORT}?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: file,
      });
      const answer = (await response.json().catch(() => ({ error: NEWSLETTER_TEXT.failed }))) as ImportAnswer;
      setState({ busy: false, answer });
      if (!answer.error) {
        onImported();
        await revalidate();
      }
    } catch {
      setState({ busy: false, answer: { error: NEWSLETTER_TEXT.failed } });
    }
  };
  const { answer } = state;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      <Button variant="secondary" disabled={state.busy} aria-describedby="import-warning" onClick={() => input.current?.click()}>
        {state.busy ? "Importing..." : "Import CSV"}
      </Button>
      <p id="import-warning" className="sr-only">
        {IMPORT_WARNING}
      </p>
      {/* After the Export button too, on a line of its own. */}
      <div role="status" className="order-last basis-full">
        {answer ? <ImportSummary answer={answer} /> : null}
      </div>
    </>
  );
}

function ImportSummary({ answer }: { answer: ImportAnswer }) {
  if (answer.error) {
    return (
      <p className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
        {answer.error}
      </p>
    );
  }
  const problems = answer.problems ?? [];
  const unread = problems.length + (answer.moreProblems ?? 0);
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 text-sm dark:border-stone-800 dark:bg-stone-900">
      <p className="font-medium">
        Imported: {answer.added ?? 0} added, {answer.alreadyOn ?? 0} already on the list, {answer.leftOff ?? 0} left off
        {unread > 0 ? `, ${unread} ${unread === 1 ? "line" : "lines"} could not be read` : ""}.
      </p>
      <p className="text-amber-800 dark:text-amber-300">{IMPORT_WARNING}</p>
      {problems.length > 0 ? (
        <ul
          aria-label="Lines that could not be read"
          className="max-h-48 list-inside list-disc overflow-y-auto text-stone-600 dark:text-stone-400"
        >
          {problems.map((problem) => (
            <li key={problem.line}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
          {answer.moreProblems ? <li>…and {answer.moreProblems} more.</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
