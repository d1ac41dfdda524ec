import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";

type FieldControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field's own check before sending: the words for what is wrong, or null when it is fine. */
export type FieldCheck = (control: FieldControl) => string | null;

/** What a field shows: our check's words, or the server's (which the browser cannot re-judge). */
type Shown = { message: string; fromServer: boolean };
/**
 * The errors a form shows, by field. The one model of a form's errors on the
 * client: this hook keeps it for forms whose fields are inputs it can read,
 * and a form whose state lives elsewhere (a reducer's, for fields such as a
 * chosen file) keeps the same map and changes it only through the functions
 * below, so both follow the same rules.
 */
export type ShownErrors<Name extends string> = Partial<Record<Name, Shown>>;

/**
 * The map from found messages: `fromServer` for the server's answer, else the
 * result of our own checks (on submit, the whole map is replaced by what they found).
 */
export function errorsFrom<Name extends string>(messages: Partial<Record<Name, string>>, fromServer: boolean): ShownErrors<Name> {
  const shown: ShownErrors<Name> = {};
  for (const name of Object.keys(messages) as Name[]) {
    const message = messages[name];
    if (message) shown[name] = { message, fromServer };
  }
  return shown;
}

/** `name` shows `message`, or nothing for null. The same map back when that changes nothing, so React need not render again. */
export function withError<Name extends string>(
  shown: ShownErrors<Name>,
  name: Name,
  message: string | null,
  fromServer = false,
): ShownErrors<Name> {
  const was = shown[name];
  if (message === null ? !was : was?.message === message && was.fromServer === fromServer) return shown;
  const next = { ...shown };
  if (message === null) delete next[name];
  else next[name] = { message, fromServer };
  return next;
}

/**
 * As a field is typed in, given what our check says of it now: still wrong in
 * the same way, the message stays. Fixed, or only half typed (a different
 * problem: it is told on the next submit or on leaving the field), or the
 * server's word we cannot re-judge: the message goes.
 */
export function afterInput<Name extends string>(shown: ShownErrors<Name>, name: Name, now: string | null): ShownErrors<Name> {
  const was = shown[name];
  if (!was || (!was.fromServer && now === was.message)) return shown;
  return withError(shown, name, null);
}

/** The message `name` shows, if any. */
export const messageOf = <Name extends string>(shown: ShownErrors<Name>, name: Name): string | undefined => shown[name]?.message;

const isControl = (element: Element | RadioNodeList | null | undefined): element is FieldControl =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

export type FieldErrors<Name extends string> = {
  /** The message a field shows now, if any. */
  errorOf(name: Name): string | undefined;
  /**
   * Runs every check on submit and shows each problem; the keyboard then goes
   * to the first bad field in page order. True when all is well.
   */
  validate(): boolean;
  /** For each field's onInput: the error goes as soon as the field is fixed. */
  onInput(event: FormEvent<FieldControl>): void;
  /** Shows an error the server gave for a field; `focus` puts the keyboard there. */
  showServerError(name: Name, message: string, focus: boolean): void;
  clear(): void;
};

/**
 * Per-field errors for a form that checks itself (the form is `noValidate`, so
 * the words are ours, the spec's, not the browser's bubble). The server checks
 * again with the same words; without JavaScript only it answers, and its
 * answer comes in as `initial`.
 */
export function useFieldErrors<Name extends string>(
  form: RefObject<HTMLFormElement | null>,
  checks: Readonly<Record<Name, FieldCheck>>,
  initial: Partial<Record<Name, string>> = {},
): FieldErrors<Name> {
  const [shown, setShown] = useState<ShownErrors<Name>>(() => errorsFrom(initial, true));
  // The latest checks, so the callbacks below can stay stable.
  const latest = useRef(checks);
  latest.current = checks;
  const isName = useCallback((name: string): name is Name => Object.hasOwn(latest.current, name), []);

  // Focus moves after React has marked the field invalid and linked its
  // message, so a screen reader reads the error together with the field.
  const [focusRequest, setFocusRequest] = useState<{ name: Name } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const control = form.current?.elements.namedItem(focusRequest.name);
    if (isControl(control)) control.focus();
  }, [focusRequest, form]);

  const validate = useCallback(() => {
    const found: Partial<Record<Name, string>> = {};
    let first: Name | null = null;
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (!isControl(element) || !isName(element.name)) continue;
      const message = latest.current[element.name](element);
      if (!message) continue;
      found[element.name] = message;
      first ??= element.name;
    }
    setShown(errorsFrom(found, false));
    // A new object each time, so a second submit with the same bad field refocuses it.
    if (first !== null) setFocusRequest({ name: first });
    return first === null;
  }, [form, isName]);

  const onInput = useCallback(
    (event: FormEvent<FieldControl>) => {
      const control = event.currentTarget;
      const name = control.name;
      if (!isName(name)) return;
      const now = latest.current[name](control);
      setShown((current) => afterInput(current, name, now));
    },
    [isName],
  );

  const showServerError = useCallback((name: Name, message: string, focus: boolean) => {
    setShown((current) => withError(current, name, message, true));
    if (focus) setFocusRequest({ name });
  }, []);

  const clear = useCallback(() => setShown({}), []);
  const errorOf = (name: Name) => messageOf(shown, name);

  return { errorOf, validate, onInput, showServerError, clear };
}
