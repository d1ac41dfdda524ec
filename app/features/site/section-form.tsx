import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormError } from "#app/components/ui/text-field.tsx";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { SiteSection } from "#app/domain/site/site-config-schema.ts";
import { SectionErrors } from "./section-fields.tsx";
import type { SiteEditResult } from "./site-editor.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { SITE_TEXT } from "./ui-text.ts";
import { VersionList, type SiteVersionView } from "./version-list.tsx";

const SITE_API = "/api/site";

export type SectionStateView = { revision: number; updatedAt: number | null; updatedBy: string | null };

const noCheck: FieldCheck = () => null;

/**
 * The site's fields have no check in the browser: only the server judges them
 * (a link's form, a video's address…). So each field the last answer named
 * gets a check that finds nothing, and editing it takes the server's word away.
 */
const onlyTheServerJudges = (answer: FormAnswer<SiteEditResult> | undefined): Record<string, FieldCheck> =>
  Object.fromEntries(Object.keys((answer && !answer.ok && answer.fieldErrors) || {}).map((name) => [name, noCheck]));

/**
 * One part of the site (the bio, the links…) that saves on its own. It saves
 * against the revision it was opened at: if someone saved the part since, the
 * server refuses, the artist's text stays in the form, and they choose to
 * reload or save theirs over it. A save or a restore shows the stored value.
 */
export function SectionForm({
  section,
  title,
  description,
  state,
  versions,
  children,
}: {
  section: SiteSection;
  title: string;
  description?: ReactNode;
  state: SectionStateView;
  versions: SiteVersionView[];
  children: ReactNode;
}) {
  const fetcher = useFetcher<FormAnswer<SiteEditResult>>();
  const { addToast } = useToasts();
  const timeZone = useVisitorTimeZone();
  const headingId = useId();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The revision this editor shows; it moves only with this editor's own saves.
  const [base, setBase] = useState(state.revision);
  // A new key after a save or restore redraws the fields from what was stored.
  const [generation, setGeneration] = useState(0);
  const checks = useMemo(() => onlyTheServerJudges(fetcher.data), [fetcher.data]);
  const fields = useFieldErrors<string>(form, checks);
  const [problem, setProblem] = useState<{ message: string; conflict?: SectionStateView } | null>(null);
  const handled = useRef<FormAnswer<SiteEditResult> | null>(null);
  const busy = fetcher.state !== "idle";

  const { clear, showServerError } = fields;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    clear();
    if (answer.ok) {
      setBase(answer.revision);
      setGeneration((g) => g + 1);
      setProblem(null);
      addToast(answer.restored ? SITE_TEXT.restored(title) : SITE_TEXT.saved(title), "success");
      return;
    }
    // The keyboard is moved below, once the fields are marked.
    for (const [name, message] of Object.entries(answer.fieldErrors ?? {})) showServerError(name, message, false);
    if (answer.conflict) {
      const who = answer.conflict.updatedBy ?? "someone";
      setProblem({ message: SITE_TEXT.conflict(who, formatDateTime(answer.conflict.updatedAt, timeZone)), conflict: answer.conflict });
    } else setProblem({ message: answer.error === "conflict" ? SITE_TEXT.unexpected : answer.error });
  }, [fetcher.state, fetcher.data, addToast, title, timeZone, clear, showServerError]);

  // After a refused save the keyboard goes to the first marked field (a select
  // too, which useFieldErrors does not focus), or to the message when none is.
  useEffect(() => {
    if (!problem) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? document.getElementById(errorId))?.focus();
  }, [problem, errorId]);

  const submit = (revision: number) => {
    if (!form.current || busy) return;
    const data = new FormData(form.current);
    data.set("revision", String(revision));
    fetcher.submit(data, { method: "post", action: SITE_API });
  };

  const problemMessage = (
    <div tabIndex={-1} id={errorId} className="outline-none">
      <FormError id={`${errorId}-text`} message={problem?.message} />
    </div>
  );

  return (
    <section
      // The first-run checklist links straight to a part (#section-bio).
      id={`section-${section}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900/60"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-stone-600 dark:text-stone-400">{description}</div> : null}
      <SectionErrors.Provider value={fields}>
        <form
          key={generation}
          ref={form}
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={problem ? errorId : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            submit(base);
          }}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="section" value={section} />
          {/* Fields to fix: said above them, where "marked below" is true and read first; a conflict beside its Save over it button. */}
          {problem && !problem.conflict ? problemMessage : null}
          {children}
          {problem?.conflict ? problemMessage : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
              {busy ? SITE_TEXT.saving : SITE_TEXT.save}
              <span className="sr-only"> {title}</span>
            </Button>
            {problem?.conflict ? (
              <Button variant="secondary" onClick={() => submit(problem.conflict?.revision ?? base)}>
                {SITE_TEXT.saveOverIt}
              </Button>
            ) : null}
          </div>
        </form>
      </SectionErrors.Provider>
      <div className="mt-6">
        <VersionList
          versions={versions}
          current={base}
          busy={busy}
          onRestore={(version) => {
            const data = new FormData();
            data.set("intent", "restore");
            data.set("section", section);
            data.set("revision", String(base));
            data.set("versionId", version.id);
            fetcher.submit(data, { method: "post", action: SITE_API });
          }}
        />
      </div>
    </section>
  );
}
