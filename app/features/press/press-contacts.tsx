import { PRESS_CONTACT_ROLES, type PressWords } from "#app/domain/site/site-config-schema.ts";
import { PressSection } from "./press-section.tsx";
import { PRESS_PAGE_TEXT } from "./ui-text.ts";

/** Whom to write to for booking, press and management: only the roles the artist filled. */
export function PressContacts({ contacts }: { contacts: PressWords["contacts"] }) {
  const filled = PRESS_CONTACT_ROLES.filter((role) => contacts[role].email !== "");
  if (filled.length === 0) return null;
  return (
    <PressSection part="contacts" title={PRESS_PAGE_TEXT.contactsHeading}>
      <dl className="grid gap-4 sm:grid-cols-3 print:grid-cols-3 print:gap-2">
        {filled.map((role) => (
          <div
            key={role}
            className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900 print:rounded-none print:border-0 print:p-0"
          >
            <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-brand-700 dark:text-brand-300 print:text-stone-600">
              {PRESS_PAGE_TEXT.contactRoles[role]}
            </dt>
            <dd className="mt-2 space-y-0.5 print:mt-0.5 print:text-sm">
              {contacts[role].name ? <p className="font-semibold">{contacts[role].name}</p> : null}
              <p>
                <a
                  href={`mailto:${contacts[role].email}`}
                  className="break-all text-brand-700 underline underline-offset-4 dark:text-brand-300 print:text-stone-900 print:no-underline"
                >
                  {contacts[role].email}
                </a>
              </p>
            </dd>
          </div>
        ))}
      </dl>
    </PressSection>
  );
}
