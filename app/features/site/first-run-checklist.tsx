import { Link } from "react-router";
import type { ChecklistItem } from "./first-run.server.ts";

const WORDS: Record<ChecklistItem["id"], { label: string; hint: string; area: "site" | "overview" }> = {
  name: { label: "Your name and description", hint: "The site still says what it started with.", area: "site" },
  photo: { label: "A photo of you", hint: "The home page has no hero photo yet.", area: "site" },
  song: { label: "Your first song", hint: "Add it with the wizard below.", area: "overview" },
  links: { label: "Your links", hint: "Some links still go to a platform's front page, not to you.", area: "site" },
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
                    {words.hint}{" "}
                    {words.area === "site" ? (
                      <Link
                        to={`${dashboardPath}/site`}
                        className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
                      >
                        Open Site<span className="sr-only"> to change {words.label.toLowerCase()}</span>
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
