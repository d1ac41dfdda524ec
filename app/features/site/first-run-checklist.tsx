import { Link } from "react-router";
import type { ChecklistId, ChecklistItem } from "./first-run.server.ts";

/** Each part's name, what it means when it is left, and where it is changed (a Site area part, or the overview's wizard). */
const WORDS: Record<ChecklistId, { label: string; hint: string; section?: string }> = {
  name: { label: "Your name and description", hint: "Still the demo's:", section: "artist" },
  photo: { label: "A photo of you", hint: "The home page has no hero photo yet.", section: "photos" },
  song: { label: "Your first song", hint: "Add it with the wizard below." },
  home: { label: "The home page's words", hint: "Still the demo's:", section: "home" },
  bio: { label: "Your story and influences", hint: "Still the demo's:", section: "bio" },
  featured: { label: "The featured song's line", hint: "Still the demo's words.", section: "featuredSong" },
  video: { label: "Your live video", hint: "Still the demo's:", section: "liveVideo" },
  links: { label: "Your links", hint: "Still going to a front page or the demo's, not to you:", section: "social" },
  contact: { label: "Your contact details", hint: "Still the demo's:", section: "contact" },
};

/** What is still demo content, with where to change it; gone once everything is the artist's own. */
export function FirstRunChecklist({ items, dashboardPath }: { items: ChecklistItem[]; dashboardPath: string }) {
  const left = items.filter((item) => !item.done).length;
  if (left === 0) return null;
  return (
    <section
      aria-labelledby="first-run-heading"
      className="rounded-3xl border border-brand-200 bg-brand-50 p-6 sm:p-8 dark:border-brand-800/60 dark:bg-brand-950/30"
    >
      <h2 id="first-run-heading" className="text-xl font-semibold">
        Make the site yours
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {left} of {items.length} still to do. Fans see the demo content until then.
      </p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {items.map((item) => {
          const words = WORDS[item.id];
          return (
            <li key={item.id} className="flex items-start gap-3 rounded-2xl bg-white/70 p-4 dark:bg-stone-900/60">
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  item.done ? "bg-emerald-600 text-white" : "border-2 border-stone-400 dark:border-stone-500"
                }`}
              >
                {item.done ? "✓" : ""}
              </span>
              <div>
                <p className={`font-semibold ${item.done ? "text-stone-500 line-through dark:text-stone-400" : ""}`}>
                  {words.label}
                  <span className="sr-only">{item.done ? ": done" : ": to do"}</span>
                </p>
                {item.done ? null : (
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    {words.hint}
                    {words.hint.endsWith(":") ? ` ${item.demo.join(", ")}.` : null}{" "}
                    {words.section ? (
                      <Link
                        to={`${dashboardPath}/site#section-${words.section}`}
                        className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
                      >
                        Change it<span className="sr-only"> ({words.label.toLowerCase()})</span>
                      </Link>
                    ) : null}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
