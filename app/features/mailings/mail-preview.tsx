import { useState } from "react";

/** A mailing as it is sent: its subject and its whole HTML document. */
export type Preview = { subject: string; html: string };

/**
 * The mail as a fan's mail app shows it: its own document in a frame, so the
 * dashboard's styles neither reach it nor make it look better than it will.
 * Sandboxed without scripts (it has none); same-origin only so the frame can be
 * as tall as the mail.
 */
export function MailPreview({ html }: { html: string }) {
  const [height, setHeight] = useState(480);
  return (
    <iframe
      title="The mailing as fans will see it"
      sandbox="allow-same-origin"
      srcDoc={html}
      // The body's own height: the document's scroll height is never less than the frame's.
      onLoad={(event) => setHeight(Math.max(160, event.currentTarget.contentDocument?.body.offsetHeight ?? 480))}
      style={{ height }}
      className="mt-3 block w-full rounded-xl border border-stone-200 bg-white dark:border-stone-700"
    />
  );
}
