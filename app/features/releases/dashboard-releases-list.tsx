import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { ReleaseRow } from "./release-edit.server.ts";
import type { ReleaseEditorResult } from "./release-editor-action.server.ts";
import { RELEASE_EDITOR_TEXT } from "./ui-text.ts";
import { formatDate } from "#app/lib/time/format-date.ts";

const KIND_LABEL = { album: "Album", ep: "EP", single: "Single" } as const;
const section = "space-y-6 rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800";

/** The dashboard's releases: a new one made here, and each one's editor a tap away. */
export function ReleasesList({ releases, dashboardPath }: { releases: ReleaseRow[]; dashboardPath: string }) {
  const answer = useActionData<ReleaseEditorResult>();
  const refused = answer && !answer.ok && answer.intent === "create" ? answer : null;
  const deleted = answer?.ok && answer.intent === "delete" ? answer : null;
  const making = useNavigation().formData?.get("intent") === "create";
  return (
    <div className="space-y-10">
      {deleted ? (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {deleted.message}
        </p>
      ) : null}
      <section aria-labelledby="new-release-heading" className={section}>
        <div>
          <h2 id="new-release-heading" className="text-xl font-semibold">
            {RELEASE_EDITOR_TEXT.newHeading}
          </h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{RELEASE_EDITOR_TEXT.newIntro}</p>
        </div>
        <Form method="post" noValidate className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start">
          <input type="hidden" name="intent" value="create" />
          <TextField
            label="Title"
            name="title"
            required
            maxLength={200}
            defaultValue={refused?.values.title ?? ""}
            error={refused?.fields.title}
          />
          <SelectField label="Kind" name="kind" defaultValue={refused?.values.kind ?? "ep"} error={refused?.fields.kind}>
            <option value="album">Album</option>
            <option value="ep">EP</option>
            <option value="single">Single</option>
          </SelectField>
          <Button type="submit" variant="primary" className="sm:mt-7" aria-disabled={making}>
            {making ? RELEASE_EDITOR_TEXT.making : RELEASE_EDITOR_TEXT.make}
          </Button>
        </Form>
        {refused && !refused.fields.title && !refused.fields.kind ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {refused.error}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="releases-heading" className="space-y-4">
        <h2 id="releases-heading" className="text-xl font-semibold">
          {RELEASE_EDITOR_TEXT.listTitle}
        </h2>
        {releases.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">{RELEASE_EDITOR_TEXT.emptyList}</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-3xl border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
            {releases.map((release) => (
              <li key={release.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{release.title}</p>
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    {KIND_LABEL[release.kind]} · {RELEASE_EDITOR_TEXT.trackCount(release.trackCount, release.outCount)}
                    {release.coming
                      ? ` · ${RELEASE_EDITOR_TEXT.listComesOut(formatDate(release.coming.at, release.coming.timeZone))}`
                      : null}
                  </p>
                </div>
                <Link
                  to={`${dashboardPath}/music/${release.id}`}
                  aria-label={`${RELEASE_EDITOR_TEXT.edit} ${release.title}`}
                  className="rounded-full border border-stone-300 px-4 py-1.5 text-sm font-semibold hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"
                >
                  {RELEASE_EDITOR_TEXT.edit}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
