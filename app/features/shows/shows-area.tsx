import { useState } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { focusById, useAnswer } from "./fetcher-answer.ts";
import { showEndsAt } from "./show.ts";
import { ShowForm } from "./show-form.tsx";
import { ShowRow } from "./show-row.tsx";
import type { ShowsAreaData, ShowsAreaResult } from "./shows-area.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { SHOW_TEXT } from "./shows-area-text.ts";

const card = "rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900";

/**
 * The dashboard's Shows area: add a show, and the upcoming and past ones, each
 * changed in place or removed after a confirmation. The answers are handled
 * here rather than in a row: a saved or removed show may leave its list (moved
 * to the past, or gone), and what happened must still be told.
 */
export function ShowsArea({ data }: { data: ShowsAreaData }) {
  const { addToast } = useToasts();
  const add = useFetcher<FormAnswer<ShowsAreaResult>>();
  const edit = useFetcher<FormAnswer<ShowsAreaResult>>();
  const removal = useFetcher<FormAnswer<ShowsAreaResult>>();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // A new add form after each show added, in the zone the last one was in.
  const [addRound, setAddRound] = useState({ count: 0, zone: "" });

  // Field problems are shown beside the fields (ShowForm); anything else is told here.
  useAnswer(add, (answer) => {
    if (answer.ok) addToast(answer.message, "success");
    else if (!answer.fieldErrors) addToast(answer.error, "error");
  });
  useAnswer(edit, (answer) => {
    if (!answer.ok) {
      if (!answer.fieldErrors) addToast(answer.error, "error");
      return;
    }
    addToast(answer.message, "success");
    setEditing(null);
    focusById(`show-${answer.id}-edit`);
  });
  useAnswer(removal, (answer) => {
    setConfirming(null);
    addToast(answer.ok ? answer.message : answer.error, answer.ok ? "success" : "error");
    if (answer.ok) focusById("shows-list-heading");
  });

  const upcoming = data.shows.filter((show) => showEndsAt(show) > data.now);
  const past = data.shows.filter((show) => showEndsAt(show) <= data.now).reverse();
  const rowProps = {
    timeZones: data.timeZones,
    edit,
    removal,
    editing,
    confirming,
    onEdit: (id: string) => {
      setEditing(id);
      setConfirming(null);
    },
    onCloseEdit: (id: string) => {
      setEditing(null);
      focusById(`show-${id}-edit`);
    },
    onConfirm: (id: string | null) => setConfirming(id),
  };
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] lg:items-start">
      <section aria-labelledby="add-show-heading" className={card}>
        <h2 id="add-show-heading" className="text-xl font-semibold">
          {SHOW_TEXT.addHeading}
        </h2>
        <ShowForm
          key={addRound.count}
          fetcher={add}
          timeZones={data.timeZones}
          initialZone={addRound.zone}
          focusFirst={addRound.count > 0}
          onSaved={(zone) => setAddRound((round) => ({ count: round.count + 1, zone }))}
        />
      </section>
      <div className="space-y-8">
        <section aria-labelledby="shows-list-heading" className={card}>
          <h2 id="shows-list-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {SHOW_TEXT.upcomingHeading}
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{SHOW_TEXT.noUpcoming}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
              {upcoming.map((show) => (
                <ShowRow key={show.id} show={show} past={false} {...rowProps} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="past-shows-heading" className={card}>
          <h2 id="past-shows-heading" className="text-xl font-semibold">
            {SHOW_TEXT.pastHeading}
          </h2>
          {past.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{SHOW_TEXT.noPast}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
              {past.map((show) => (
                <ShowRow key={show.id} show={show} past {...rowProps} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
