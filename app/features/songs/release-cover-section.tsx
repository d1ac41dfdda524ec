import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { ProgressBar } from "./upload-progress-bar.tsx";
import { discardUpload, uploadFile } from "./upload-file.ts";
import { RELEASE_COVER_TEXT } from "./ui-text.ts";

type Step = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "saving" } | { kind: "done"; message: string };

/** The answer of /api/songs, checked rather than trusted. */
async function saveCover(releaseId: string, coverKey: string): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  const form = new FormData();
  form.set("intent", "release-cover");
  form.set("releaseId", releaseId);
  form.set("coverKey", coverKey);
  const response = await fetch("/api/songs", { method: "POST", body: form });
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok && record.success === true)
    return { ok: true, message: typeof record.message === "string" ? record.message : RELEASE_COVER_TEXT.replaced(1) };
  return { ok: false, error: typeof record.error === "string" && record.error ? record.error : RELEASE_COVER_TEXT.failed(response.status) };
}

/**
 * A release's cover in its editor: the one its tracks wear, replaced on all of
 * them from one image file, with the upload's progress and a true message. The
 * control shows once the page runs: the upload is the browser's work.
 */
export function ReleaseCoverSection({ releaseId, title, coverKey }: { releaseId: string; title: string; coverKey: string }) {
  const id = useId();
  const [running, setRunning] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const stop = useRef<AbortController | null>(null);
  useEffect(() => {
    setRunning(true);
    return () => stop.current?.abort();
  }, []);
  const busy = step.kind === "uploading" || step.kind === "saving";

  async function replace(file: File) {
    if (busy) return;
    setError(null);
    const controller = new AbortController();
    stop.current = controller;
    let key: string | null = null;
    try {
      setStep({ kind: "uploading", percent: 0 });
      key = (await uploadFile("cover", file, (percent) => setStep({ kind: "uploading", percent }), controller.signal)).key;
      setStep({ kind: "saving" });
      const saved = await saveCover(releaseId, key);
      if (!saved.ok) {
        setError(saved.error);
        setStep({ kind: "idle" });
        return;
      }
      setStep({ kind: "done", message: saved.message });
      void revalidator.revalidate();
    } catch (thrown) {
      if (key) await discardUpload("cover", key);
      if (controller.signal.aborted) return;
      setError(thrown instanceof Error && thrown.message ? thrown.message : RELEASE_COVER_TEXT.failed(0));
      setStep({ kind: "idle" });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <CoverImage
          coverKey={coverKey}
          alt={RELEASE_COVER_TEXT.alt(title)}
          size={128}
          className="aspect-square w-32 shrink-0 rounded-2xl object-cover shadow"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id={`${id}-heading`} className="text-xl font-semibold">
              {RELEASE_COVER_TEXT.heading}
            </h2>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{RELEASE_COVER_TEXT.intro}</p>
          </div>
          {running ? (
            <label className="inline-flex cursor-pointer items-center rounded-full border border-stone-300 px-4 py-1.5 text-sm font-semibold hover:bg-stone-100 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:border-stone-700 dark:hover:bg-stone-800">
              {step.kind === "saving" ? RELEASE_COVER_TEXT.saving : RELEASE_COVER_TEXT.replace}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                disabled={busy}
                className="sr-only"
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = "";
                  if (file) void replace(file);
                }}
              />
            </label>
          ) : null}
          {step.kind === "uploading" ? <ProgressBar label={RELEASE_COVER_TEXT.uploading(step.percent)} percent={step.percent} /> : null}
          <div aria-live="polite">
            {step.kind === "done" ? <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{step.message}</p> : null}
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
