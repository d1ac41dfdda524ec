import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ProgressBar } from "./upload-progress-bar.tsx";
import { discardUpload, uploadFile } from "./upload-file.ts";
import { titleFromFileName, titleFromTags } from "./title-from-tags.ts";
import { ADD_TRACKS_TEXT } from "./ui-text.ts";
import { initialReleaseChoice, releaseProblem, ReleaseTimingFields, type ReleaseChoice } from "./release-timing-fields.tsx";
import { TITLE_MAX } from "./song-rules.ts";

type Item = {
  key: number;
  file: File;
  title: string;
  /** The artist typed the title: a tag read later does not replace it. */
  typed: boolean;
  state: "waiting" | "uploading" | "saving" | "added" | "failed";
  percent: number;
  error: string | null;
};

/** The create answer, checked rather than trusted. */
async function saveTrack(form: FormData): Promise<string | null> {
  const response = await fetch("/api/songs", { method: "POST", body: form });
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok && record.success === true) return null;
  return typeof record.error === "string" && record.error ? record.error : ADD_TRACKS_TEXT.failed(response.status);
}

/**
 * Adds tracks to a release: several audio files chosen at once, each titled
 * from its tag or its file name (and editable), uploaded one after another
 * with its own progress, and added at the end of the running order, wearing
 * the release's cover (a release with no track yet asks for one). A file that
 * fails says why and can be tried again; the others carry on.
 */
export function AddTracks({ releaseId, needsCover, mailOn }: { releaseId: string; needsCover: boolean; mailOn: boolean }) {
  const id = useId();
  // A release with no track yet may come out later: its first tracks set its day (decision 023).
  const [when, setWhen] = useState<ReleaseChoice>(initialReleaseChoice);
  const [whenError, setWhenError] = useState<string | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const next = useRef(0);
  const revalidator = useRevalidator();
  const alive = useRef(true);
  // Leaving the page stops an upload under way (its file is given back); a track already being saved still is.
  const stop = useRef<AbortController | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stop.current?.abort();
    };
  }, []);

  const update = (key: number, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const choose = (files: FileList | null) => {
    if (!files) return;
    setSummary(null);
    const chosen = Array.from(files).map((file) => ({
      key: next.current++,
      file,
      title: titleFromFileName(file.name).slice(0, TITLE_MAX),
      typed: false,
      state: "waiting" as const,
      percent: 0,
      error: null,
    }));
    setItems((current) => [...current.filter((item) => item.state !== "added"), ...chosen]);
    for (const item of chosen) {
      void titleFromTags(item.file).then((tagged) => {
        if (tagged && alive.current)
          setItems((current) => current.map((other) => (other.key === item.key && !other.typed ? { ...other, title: tagged } : other)));
      });
    }
  };

  async function addAll() {
    if (busy) return;
    const toAdd = items.filter((item) => item.state !== "added");
    const untitled = toAdd.filter((item) => !item.title.trim());
    for (const item of untitled) update(item.key, { state: "failed", error: ADD_TRACKS_TEXT.titleRequired });
    const missingCover = needsCover && !cover;
    setCoverError(missingCover ? ADD_TRACKS_TEXT.coverRequired : null);
    const timeProblem = needsCover ? releaseProblem(when) : null;
    setWhenError(timeProblem);
    if (toAdd.length === 0 || untitled.length > 0 || missingCover || timeProblem) return;
    setBusy(true);
    setSummary(null);
    const controller = new AbortController();
    stop.current = controller;
    const { signal } = controller;
    // A release with no track yet: its cover goes up once; the first track takes it, the next wear copies.
    let coverKey: string | null = null;
    if (needsCover && cover) {
      try {
        coverKey = (await uploadFile("cover", cover, () => undefined, signal)).key;
      } catch (error) {
        setCoverError(error instanceof Error ? error.message : ADD_TRACKS_TEXT.failed(0));
        setBusy(false);
        return;
      }
    }
    let added = 0;
    for (const item of toAdd) {
      if (signal.aborted) break;
      update(item.key, { state: "uploading", percent: 0, error: null });
      let audio: { key: string; durationMs: number | null } | null = null;
      let error: string | null;
      try {
        audio = await uploadFile("audio", item.file, (percent) => update(item.key, { percent }), signal);
        update(item.key, { state: "saving", percent: 100 });
        const form = new FormData();
        form.set("intent", "create-song");
        form.set("title", item.title.trim());
        form.set("audioKey", audio.key);
        if (audio.durationMs !== null) form.set("durationMs", String(audio.durationMs));
        form.set("releaseId", releaseId);
        if (coverKey) form.set("coverKey", coverKey);
        else form.set("releaseCover", "on");
        if (needsCover && when.mode === "later") {
          form.set("releaseAt", when.at);
          form.set("releaseTimeZone", when.timeZone);
          if (when.announce) form.set("announce", "on");
        }
        // The latest release is the release's first track, once.
        if (needsCover && when.isLatest && added === 0) form.set("isLatest", "on");
        error = await saveTrack(form);
      } catch (thrown) {
        error = thrown instanceof Error && thrown.message ? thrown.message : ADD_TRACKS_TEXT.failed(0);
      }
      if (error === null) {
        added += 1;
        coverKey = null;
        update(item.key, { state: "added" });
      } else {
        if (audio) await discardUpload("audio", audio.key);
        update(item.key, { state: "failed", error });
      }
    }
    if (coverKey) await discardUpload("cover", coverKey);
    if (!alive.current) return;
    setBusy(false);
    setSummary(ADD_TRACKS_TEXT.summary(added, toAdd.length));
    if (added > 0) {
      if (needsCover) setCover(null);
      void revalidator.revalidate();
    }
  }

  const waiting = items.filter((item) => item.state !== "added").length;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl border border-dashed border-stone-300 p-4 sm:p-6 dark:border-stone-700"
    >
      <div>
        <h3 id={`${id}-heading`} className="font-semibold">
          {ADD_TRACKS_TEXT.heading}
        </h3>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{ADD_TRACKS_TEXT.intro}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex cursor-pointer items-center rounded-full border border-stone-300 px-4 py-1.5 text-sm font-semibold hover:bg-stone-100 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:border-stone-700 dark:hover:bg-stone-800">
          {ADD_TRACKS_TEXT.chooseAudio}
          <input
            type="file"
            multiple
            accept="audio/*"
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              choose(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </label>
        {needsCover ? (
          <label className="inline-flex cursor-pointer items-center rounded-full border border-stone-300 px-4 py-1.5 text-sm font-semibold hover:bg-stone-100 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:border-stone-700 dark:hover:bg-stone-800">
            {cover ? ADD_TRACKS_TEXT.coverChosen(cover.name) : ADD_TRACKS_TEXT.chooseCover}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              disabled={busy}
              className="sr-only"
              aria-describedby={coverError ? `${id}-cover-error` : undefined}
              onChange={(event) => {
                setCover(event.currentTarget.files?.[0] ?? null);
                setCoverError(null);
              }}
            />
          </label>
        ) : null}
      </div>
      {needsCover ? <ReleaseTimingFields value={when} mailOn={mailOn} error={whenError} onChange={setWhen} /> : null}
      {coverError ? (
        <p id={`${id}-cover-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {coverError}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="space-y-3">
          {items.map((item) => (
            <li key={item.key} className="space-y-1.5">
              <div className="flex flex-wrap items-center gap-3">
                <input
                  aria-label={ADD_TRACKS_TEXT.titleOf(item.file.name)}
                  value={item.title}
                  maxLength={TITLE_MAX}
                  disabled={busy || item.state === "added"}
                  aria-invalid={item.state === "failed" && !item.title.trim() ? true : undefined}
                  onChange={(event) => update(item.key, { title: event.currentTarget.value, typed: true })}
                  className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 disabled:opacity-70 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
                />
                <span className="text-sm text-stone-600 dark:text-stone-400">{ADD_TRACKS_TEXT.state[item.state](item.percent)}</span>
                {item.state === "waiting" || item.state === "failed" ? (
                  <Button
                    variant="quiet"
                    size="xs"
                    aria-disabled={busy}
                    onClick={() => !busy && setItems((current) => current.filter((other) => other.key !== item.key))}
                    aria-label={`${ADD_TRACKS_TEXT.remove}: ${item.file.name}`}
                  >
                    {ADD_TRACKS_TEXT.remove}
                  </Button>
                ) : null}
              </div>
              <ProgressBar
                label={ADD_TRACKS_TEXT.progressOf(item.title || item.file.name)}
                percent={item.state === "uploading" ? item.percent : null}
              />
              {item.error ? (
                <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                  {item.file.name}: {item.error}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="primary" size="sm" aria-disabled={busy || waiting === 0} onClick={() => void addAll()}>
          {busy ? ADD_TRACKS_TEXT.adding : ADD_TRACKS_TEXT.add(waiting)}
        </Button>
        {summary ? (
          <p role="status" className="text-sm font-medium">
            {summary}
          </p>
        ) : null}
      </div>
    </section>
  );
}
