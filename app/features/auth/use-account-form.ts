import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import type { AccountField, AccountIntent, AccountResult } from "./ui-text.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";

/** The field an answer is about, when this form has it. */
function ownField<Field extends AccountField>(checks: Readonly<Record<Field, FieldCheck>>, name: AccountField | null): Field | null {
  return name !== null && Object.hasOwn(checks, name) ? (name as Field) : null;
}

/**
 * One of the page's forms, posted with its own fetcher so each keeps its own
 * busy state and answer. `initial` is the answer a page rendered without
 * JavaScript came with. Passwords are cleared after every answer (browsers
 * and password managers expect it); everything else typed stays on a refusal.
 */
export function useAccountForm<Field extends AccountField>(
  intent: AccountIntent,
  checks: Readonly<Record<Field, FieldCheck>>,
  initial: FormAnswer<AccountResult> | undefined,
  onSaved?: (form: HTMLFormElement) => void,
) {
  const fetcher = useFetcher<FormAnswer<AccountResult>>();
  const { addToast } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const fromPage = initial?.intent === intent ? initial : undefined;
  const result = fetcher.data ?? fromPage;
  const serverField = result && !result.ok ? ownField(checks, result.field) : null;
  const firstErrors: Partial<Record<Field, string>> = {};
  if (fromPage && !fromPage.ok && serverField) firstErrors[serverField] = fromPage.error;
  const fields = useFieldErrors<Field>(formRef, checks, firstErrors);
  const busy = fetcher.state !== "idle";

  // The latest checks and callback, so the effect below runs on answers only.
  const latest = useRef({ checks, onSaved });
  latest.current = { checks, onSaved };

  // Each answer once, when it arrives (the same words twice still toast twice: a new object).
  const { showServerError, clear } = fields;
  const handled = useRef<FormAnswer<AccountResult> | undefined>(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    const form = formRef.current;
    for (const element of Array.from(form?.elements ?? []))
      if (element instanceof HTMLInputElement && element.type === "password") element.value = "";
    const field = answer.ok ? null : ownField(latest.current.checks, answer.field);
    if (answer.ok) {
      clear();
      if (form) latest.current.onSaved?.(form);
      addToast(answer.message, "success");
    } else if (field) {
      showServerError(field, answer.error, true);
    } else {
      addToast(answer.error, "error");
    }
  }, [fetcher.data, fetcher.state, addToast, showServerError, clear]);

  // An answer the page came with (the form was sent before the app had started, or without
  // JavaScript) is said once the app runs, as a fetcher's answer is: the save happened.
  const saidFromPage = useRef<FormAnswer<AccountResult> | undefined>(undefined);
  useEffect(() => {
    if (!fromPage?.ok || saidFromPage.current === fromPage) return;
    saidFromPage.current = fromPage;
    addToast(fromPage.message, "success");
  }, [fromPage, addToast]);

  const formError = result && !result.ok && !serverField && !busy ? result.error : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy || !fields.validate()) event.preventDefault();
  };
  // What each of the form's fields takes from it: its name, its error, and the handler that clears it.
  const field = (name: Field) => ({ name, error: fields.errorOf(name), onInput: fields.onInput });
  return { intent, fetcher, formRef, field, busy, formError, onSubmit, values: fromPage && !fromPage.ok ? fromPage.values : {} };
}

/** What the form around the fields needs: its fetcher and element, whether it is busy, and its form-wide error. */
export type AccountFormState = Pick<
  ReturnType<typeof useAccountForm>,
  "intent" | "fetcher" | "formRef" | "busy" | "formError" | "onSubmit"
>;
