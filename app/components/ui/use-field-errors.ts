import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";

type FieldControl = HTMLInputElement | HTMLTextAreaElement;

/** A field's own check before sending: the words for what is wrong, or null when it is fine. */
export type FieldCheck = (control: FieldControl) => string | null;

/** What a field shows: our check's words, or the server's (which the browser cannot re-judge). */
type Shown = { message: string; fromServer: boolean };
type ShownErrors<Name extends string> = Partial<Record<Name, Shown>>;

const isControl = (element: Element | RadioNodeList | null | undefined): element is FieldControl =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

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
  const [shown, setShown] = useState<ShownErrors<Name>>(() => {
    const start: ShownErrors<Name> = {};
    for (const name of Object.keys(initial) as Name[]) {
      const message = initial[name];
      if (message) start[name] = { message, fromServer: true };
    }
    return start;
  });
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
    const found: ShownErrors<Name> = {};
    let first: Name | null = null;
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (!isControl(element) || !isName(element.name)) continue;
      const message = latest.current[element.name](element);
      if (!message) continue;
      found[element.name] = { message, fromServer: false };
      first ??= element.name;
    }
    setShown(found);
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
      setShown((current) => {
        const was = current[name];
        if (!was) return current;
        // Still wrong in the same way: keep saying so. Fixed, or only half
        // typed (a different problem: it is told on the next submit), or the
        // server's word we cannot re-judge: the message goes.
        if (!was.fromServer && now === was.message) return current;
        const next = { ...current };
        delete next[name];
        return next;
      });
    },
    [isName],
  );

  const showServerError = useCallback((name: Name, message: string, focus: boolean) => {
    setShown((current) => ({ ...current, [name]: { message, fromServer: true } }));
    if (focus) setFocusRequest({ name });
  }, []);

  const clear = useCallback(() => setShown({}), []);
  const errorOf = (name: Name) => shown[name]?.message;

  return { errorOf, validate, onInput, showServerError, clear };
}
