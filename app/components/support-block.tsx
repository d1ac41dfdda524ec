import { buttonClass } from "#app/components/ui/button.tsx";
import type { SupportWords } from "#app/domain/site/site-config-schema.ts";

const SUPPORT_TEXT = {
  heading: "Support the music",
  bank: "Pay by bank transfer",
  newTab: " (opens in a new tab)",
  footer: "Support",
} as const;

/** The heading the artist gave, or the site's own. */
const supportHeading = (support: SupportWords) => support.heading || SUPPORT_TEXT.heading;

/**
 * Ways to give the artist money (issue #36): the artist's own pages on
 * payment sites, as buttons, and bank details on request. Plain links and a
 * <details>: every part works at the first tap, before the app has started.
 */
export function SupportBlock({ support, headingId = "support-heading" }: { support: SupportWords; headingId?: string }) {
  return (
    <section
      id="support"
      aria-labelledby={headingId}
      className="rounded-3xl border border-stone-200 bg-white p-6 sm:p-8 print:hidden dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={headingId} className="text-2xl font-semibold">
        {supportHeading(support)}
      </h2>
      {support.text ? <p className="mt-2 max-w-2xl text-stone-600 dark:text-stone-400">{support.text}</p> : null}
      {support.links.length > 0 ? (
        <ul className="mt-5 flex flex-wrap gap-3">
          {support.links.map((link, index) => (
            <li key={`${index}-${link.url}`}>
              <a href={link.url} target="_blank" rel="noopener noreferrer" className={buttonClass(index === 0 ? "primary" : "secondary")}>
                {link.label}
                <span className="sr-only">{SUPPORT_TEXT.newTab}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {support.bankTransfer ? (
        <details className="mt-5">
          <summary className="cursor-pointer py-1 font-semibold text-brand-700 dark:text-brand-300">{SUPPORT_TEXT.bank}</summary>
          <p className="mt-2 whitespace-pre-line rounded-xl bg-stone-100 p-4 font-mono text-sm select-all dark:bg-stone-800">
            {support.bankTransfer}
          </p>
        </details>
      ) : null}
    </section>
  );
}

/** The footer's short form: the payment links in a line. */
export function SupportFooterLinks({ support }: { support: SupportWords }) {
  if (support.links.length === 0 && !support.bankTransfer) return null;
  return (
    <nav aria-label={SUPPORT_TEXT.footer} className="text-sm">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-600 dark:text-stone-400">{supportHeading(support)}</h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {support.links.map((link, index) => (
          <li key={`${index}-${link.url}`}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-4 hover:text-brand-600 hover:underline dark:hover:text-brand-400"
            >
              {link.label}
              <span className="sr-only">{SUPPORT_TEXT.newTab}</span>
            </a>
          </li>
        ))}
        {support.bankTransfer ? (
          <li>
            <a href="/#support" className="underline-offset-4 hover:text-brand-600 hover:underline dark:hover:text-brand-400">
              {SUPPORT_TEXT.bank}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
