import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useFetcher } from "react-router";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldFrame, fieldDescribedBy, FormError, inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { SiteSection } from "#app/domain/site/site-config-schema.ts";
import type { SiteAnswer } from "./site-editor.server.ts";
import { SITE_TEXT } from "./ui-text.ts";

const SITE_API = "/api/site";

export type SectionStateView = { revision: number; updatedAt: number | null; updatedBy: string | null };
export type SiteVersionView = { id: string; revision: number; savedAt: number; savedBy: string; summary: string };

type FieldErrorsApi = { errorOf(name: string): string | undefined; fixed(name: string): void };
const ErrorsContext = createContext<FieldErrorsApi>({ errorOf: () => undefined, fixed: () => {} });

/** A field's error from its section's last save, cleared as soon as the field is edited. */
export function useSectionField(name: string) {
  const errors = useContext(ErrorsContext);
  return { error: errors.errorOf(name), onInput: () => errors.fixed(name) };
}

type FieldProps = { name: string; label: string; defaultValue: string; hint?: string; maxLength: number };

export function Field({
  name,
  label,
  defaultValue,
  hint,
  maxLength,
  type = "text",
  autoComplete,
}: FieldProps & { type?: string; autoComplete?: string }) {
  const { error, onInput } = useSectionField(name);
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      defaultValue={defaultValue}
      maxLength={maxLength}
      type={type}
      autoComplete={autoComplete ?? "off"}
      error={error}
      onInput={onInput}
    />
  );
}

export function AreaField({
  name,
  label,
  defaultValue,
  hint,
  maxLength,
  rows = 4,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { error, onInput } = useSectionField(name);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        onInput={onInput}
        className={`${inputStyles} leading-relaxed`}
        {...rest}
      />
    </FieldFrame>
  );
}

function VersionList({
  versions,
  current,
  busy,
  onRestore,
}: {
  versions: SiteVersionView[];
  current: number;
  busy: boolean;
  onRestore: (version: SiteVersionView) => void;
}) {
  const timeZone = useVisitorTimeZone();
  return (
    <details className="group rounded-2xl border border-stone-200 px-4 py-3 dark:border-stone-800">
      <summary className="cursor-pointer text-sm font-semibold text-stone-700 dark:text-stone-300">{SITE_TEXT.history}</summary>
      {versions.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{SITE_TEXT.noHistory}</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
          {versions.map((version) => {
            const when = formatDateTime(version.savedAt, timeZone);
            return (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {version.revision === 0 ? SITE_TEXT.firstStart : SITE_TEXT.savedBy(version.savedBy, when)}
                  </p>
                  <p className="truncate text-sm text-stone-600 dark:text-stone-400" title={version.summary}>
                    {version.summary}
                  </p>
                </div>
                {version.revision === current ? (
                  <span className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-300">
                    {SITE_TEXT.current}
                  </span>
                ) : (
                  <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(version)}>
                    {SITE_TEXT.restore}
                    <span className="sr-only">
                      {" "}
                      {version.revision === 0 ? SITE_TEXT.firstStart : SITE_TEXT.savedBy(version.savedBy, when)}
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}

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
  const fetcher = useFetcher<SiteAnswer>();
  const { addToast } = useToasts();
  const timeZone = useVisitorTimeZone();
  const headingId = useId();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The revision this editor shows; it moves only with this editor's own saves.
  const [base, setBase] = useState(state.revision);
  // A new key after a save or restore redraws the fields from what was stored.
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ message: string; conflict?: SectionStateView } | null>(null);
  const handled = useRef<SiteAnswer | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      setBase(answer.revision);
      setGeneration((g) => g + 1);
      setErrors({});
      setProblem(null);
      addToast(answer.restored ? SITE_TEXT.restored(title) : SITE_TEXT.saved(title), "success");
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    if (answer.conflict) {
      const who = answer.conflict.updatedBy ?? "someone";
      setProblem({ message: SITE_TEXT.conflict(who, formatDateTime(answer.conflict.updatedAt, timeZone)), conflict: answer.conflict });
    } else setProblem({ message: answer.error === "conflict" ? SITE_TEXT.unexpected : answer.error });
  }, [fetcher.state, fetcher.data, addToast, title, timeZone]);

  // After a refused save the keyboard goes to the first marked field, or the message.
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

  const api: FieldErrorsApi = {
    errorOf: (name) => errors[name],
    fixed: (name) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _fixed, ...rest } = current;
        return rest;
      }),
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
      <ErrorsContext.Provider value={api}>
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
      </ErrorsContext.Provider>
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
