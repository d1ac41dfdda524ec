/**
 * Taps before the app has hydrated.
 *
 * A slow phone paints the page from the document long before the JavaScript
 * has loaded and hydrated (decision 019 starts it after the largest paint). A
 * button that does nothing until then loses a fan's tap, silently, and they
 * tap again or leave. So the document carries a small script, in its head,
 * that catches such taps until the app says it has hydrated (`markHydrated`):
 *
 * - **Play** (`data-early-play` holding the song's audio address) starts the
 *   song at once on the page's one `<audio>` element, inside the fan's own
 *   gesture, and a second tap pauses it. The player adopts the playing element
 *   when it hydrates (`PlayerStore.claim`). A link marked `data-early-play-in`
 *   presses the Play button inside the element of that id (Listen Now).
 * - **Mute** and the **theme toggle** (`data-early` = `mute` | `theme`) act at
 *   once too; the app reads the element and the page as it finds them.
 * - Every other JavaScript-only button (`type="button"`) and slider keeps the
 *   tap, and a file input the files chosen: it is marked `data-early-held`
 *   (shown as waiting) and carried out, in order, once the app has hydrated.
 *   The tap also starts the app's loading at once instead of after the
 *   largest paint.
 * - A form marked `data-early-submit` (one that only the app can send, such as
 *   one posting to a JSON API) keeps its submission until the app is there,
 *   then sends it as the app would.
 * - **Words typed** into a text field and **choices** made in a `<select>` are
 *   kept: hydrating a text area that the server filled in puts the server's
 *   text back, and a select its server choice (React 19 does both; it keeps an
 *   `<input>`'s text and a box's tick), so what the artist wrote or chose is put
 *   back in turn, and the app is told of each, as if done now.
 *
 * Links and other forms are left alone: they work without JavaScript.
 */

/**
 * The page's audio element that plays, shared by the app's player and this
 * script; the player moves it to its spare element when that takes its turn.
 */
export const SITE_AUDIO_ATTRIBUTE = "data-site-audio";
/** On a control that plays a song: its audio address. */
export const EARLY_PLAY_ATTRIBUTE = "data-early-play";
/** On a link that presses the Play button inside the element with this id. */
export const EARLY_PLAY_IN_ATTRIBUTE = "data-early-play-in";
/** `mute` or `theme`: controls this script carries out itself. */
export const EARLY_ACTION_ATTRIBUTE = "data-early";
/** On a form that only the app can send: a submission before hydration waits for it. */
export const EARLY_SUBMIT_ATTRIBUTE = "data-early-submit";
/** `data-state` of a Play button: what the fan should see on it. */
export type PlayButtonState = "paused" | "loading" | "playing";

/** The browser's half of the hand-over: the app calls this once it has hydrated. */
export function markHydrated(): void {
  const early = (window as unknown as { __early?: { hydrated?: () => void } }).__early;
  document.documentElement.setAttribute("data-hydrated", "");
  early?.hydrated?.();
}

type EarlyState = {
  /** Set by the start script (scripts-after-paint.server.ts): loads the app now. */
  start: (() => void) | null;
  /** A tap asked for the app before the start script was there. */
  startRequested: boolean;
  hydrated: () => void;
};

/**
 * Runs in the browser, from the document's head, before anything is painted.
 * It is sent as its source text, so it uses nothing from outside itself.
 */
function catchEarlyTaps(attributes: { audio: string; play: string; playIn: string; action: string; submit: string }) {
  const doc = document;
  const root = doc.documentElement;
  let done = false;
  const held: { element: Element; value: string | null; files?: File[]; submitter?: HTMLElement | null }[] = [];
  /** A file input's newest choice of those held. */
  const lastChoice = new Map<Element, File[]>();
  /** Each text field written in, with its words as last typed. */
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  /** Each select chosen in, with the values of its options as last chosen. */
  const chosen = new Map<HTMLSelectElement, string[]>();
  const NOT_TEXT = ["range", "file", "checkbox", "radio", "submit", "reset", "button", "image", "hidden"];

  /** The words typed into `field` before the app, on the field again and told to the app as an input. */
  const restoreTyped = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    // A field the app drew anew (it could not take over the server's) is found by its id.
    const target = field.isConnected ? field : field.id ? doc.getElementById(field.id) : null;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || target.tagName !== field.tagName) return;
    if (value === target.defaultValue && target.value === value) return;
    const focused = doc.activeElement === target;
    let caret: [number, number] | null = null;
    try {
      if (focused && target.selectionStart !== null && target.selectionEnd !== null) caret = [target.selectionStart, target.selectionEnd];
    } catch {
      // A field without a caret (a date): nothing to keep.
    }
    // React ignores a value it has already seen: show it the server's first, then the fan's.
    target.value = target.defaultValue;
    const proto = target instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(target, value);
    target.dispatchEvent(new Event("input", { bubbles: true }));
    if (caret && doc.activeElement === target) {
      try {
        target.setSelectionRange(caret[0], caret[1]);
      } catch {
        // As above.
      }
    }
  };

  /** The options chosen in `select` before the app, chosen again and told to the app as a change. */
  const restoreChosen = (select: HTMLSelectElement, values: string[]) => {
    const target = select.isConnected ? select : select.id ? doc.getElementById(select.id) : null;
    if (!(target instanceof HTMLSelectElement)) return;
    const options = [...target.options];
    if (options.every((option) => option.defaultSelected === values.includes(option.value))) return;
    for (const option of options) option.selected = values.includes(option.value);
    target.dispatchEvent(new Event("change", { bubbles: true }));
  };

  const early: EarlyState = {
    start: null,
    startRequested: false,
    hydrated() {
      if (done) return;
      done = true;
      // After React's own work for this commit: a held tap then meets hydrated handlers.
      setTimeout(() => {
        // The words first: a held submission sends what was typed.
        for (const [field, value] of typed) restoreTyped(field, value);
        for (const [select, values] of chosen) restoreChosen(select, values);
        typed.clear();
        chosen.clear();
        for (const { element, value, files, submitter } of held.splice(0)) {
          element.removeAttribute("data-early-held");
          if (!element.isConnected) continue;
          if (submitter !== undefined) {
            const form = element as HTMLFormElement;
            try {
              form.requestSubmit(submitter?.isConnected ? submitter : undefined);
            } catch {
              // The button that sent it is no longer this form's: sent as by Enter.
              form.requestSubmit();
            }
          } else if (files) {
            // Each choice as it was made (a later one replaced the input's files), then the app hears of it.
            try {
              const transfer = new DataTransfer();
              for (const file of files) transfer.items.add(file);
              (element as HTMLInputElement).files = transfer.files;
            } catch {
              // No DataTransfer to rebuild a choice with: the input's last one is told, once.
              if (files !== lastChoice.get(element)) continue;
            }
            element.dispatchEvent(new Event("change", { bubbles: true }));
          } else if (value === null) {
            (element as HTMLElement).click();
          } else if (element instanceof HTMLInputElement) {
            // React ignores a value it has already seen: show it the server's first, then the fan's.
            element.value = element.defaultValue;
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, value);
            element.dispatchEvent(new Event("input", { bubbles: true }));
            element.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }
      }, 0);
    },
  };
  (window as unknown as { __early: EarlyState }).__early = early;

  const startApp = () => {
    early.startRequested = true;
    early.start?.();
  };
  const siteAudio = () => doc.querySelector(`audio[${attributes.audio}]`) as HTMLAudioElement | null;

  /** Every Play button of `src` shows `state`. */
  const show = (src: string, state: string, label: "Play" | "Pause") => {
    for (const button of doc.querySelectorAll(`[${attributes.play}]`)) {
      if (button.getAttribute(attributes.play) !== src || !button.hasAttribute("data-state")) continue;
      button.setAttribute("data-state", state);
      const name = button.getAttribute("aria-label");
      if (name) button.setAttribute("aria-label", name.replace(/^(Play|Pause) /, `${label} `));
    }
  };

  const play = (src: string) => {
    const audio = siteAudio();
    if (!audio) return;
    if (audio.getAttribute("src") === src && !audio.paused) {
      audio.pause();
      return;
    }
    if (audio.getAttribute("src") !== src) {
      const before = audio.getAttribute("src");
      if (before) show(before, "paused", "Play");
      audio.src = src;
      const playing = () => show(audio.getAttribute("src") ?? "", "playing", "Pause");
      const paused = () => show(audio.getAttribute("src") ?? "", "paused", "Play");
      const waiting = () => show(audio.getAttribute("src") ?? "", "loading", "Pause");
      if (!audio.hasAttribute("data-early-listening")) {
        audio.setAttribute("data-early-listening", "");
        audio.addEventListener("playing", () => !done && playing());
        audio.addEventListener("pause", () => !done && paused());
        audio.addEventListener("waiting", () => !done && waiting());
        audio.addEventListener("error", () => !done && paused());
      }
    }
    show(src, "loading", "Pause");
    // The song first: the app's JavaScript waits until it plays (or a second), so it does not share a slow link with it.
    const startSoon = setTimeout(startApp, 1000);
    audio.addEventListener(
      "playing",
      () => {
        clearTimeout(startSoon);
        startApp();
      },
      { once: true },
    );
    audio.play().catch(() => show(src, "paused", "Play"));
  };

  const theme = (button: Element) => {
    const dark = !root.classList.contains("dark");
    root.classList.toggle("dark", dark);
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      // Private mode: the theme still applies to this page.
    }
    const next = dark ? "light" : "dark";
    button.setAttribute("aria-label", `Switch to ${next} theme`);
    button.setAttribute("title", `Switch to ${next} theme`);
  };

  const mute = (button: Element) => {
    const audio = siteAudio();
    if (!audio) return;
    audio.muted = !audio.muted;
    button.setAttribute("aria-pressed", String(audio.muted));
    button.setAttribute("aria-label", audio.muted ? "Unmute" : "Mute");
    button.setAttribute("data-state", audio.muted ? "muted" : "on");
  };

  const hold = (element: Element, value: string | null) => {
    const earlier = held.findIndex((entry) => entry.element === element && value !== null);
    if (earlier >= 0) held.splice(earlier, 1);
    held.push({ element, value });
    element.setAttribute("data-early-held", "");
    startApp();
  };

  doc.addEventListener(
    "click",
    (event) => {
      if (done || !(event.target instanceof Element)) return;
      const control = event.target.closest(`[${attributes.play}],[${attributes.playIn}],[${attributes.action}],button`);
      if (!control || (control instanceof HTMLButtonElement && (control.disabled || control.type !== "button"))) return;
      // A menu button of a browser that opens popovers by itself works already.
      if (control.hasAttribute("popovertarget") && Object.hasOwn(HTMLElement.prototype, "popover")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const playIn = control.getAttribute(attributes.playIn);
      const src = control.getAttribute(attributes.play);
      const action = control.getAttribute(attributes.action);
      if (playIn !== null) {
        const region = doc.getElementById(playIn);
        const button = region?.querySelector(`[${attributes.play}]`);
        if (!region || !button) return hold(control, null);
        play(button.getAttribute(attributes.play) ?? "");
        region.scrollIntoView({ behavior: "smooth", block: "start" });
      } else if (src) {
        play(src);
      } else if (action === "theme") {
        theme(control);
      } else if (action === "mute") {
        mute(control);
      } else {
        hold(control, null);
      }
    },
    true,
  );
  doc.addEventListener(
    "input",
    (event) => {
      const input = event.target;
      if (done) return;
      if (input instanceof HTMLTextAreaElement || (input instanceof HTMLInputElement && !NOT_TEXT.includes(input.type)))
        typed.set(input, input.value);
      else if (input instanceof HTMLInputElement && input.type === "range") hold(input, input.value);
    },
    true,
  );
  doc.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (!done && input instanceof HTMLSelectElement)
        chosen.set(
          input,
          [...input.selectedOptions].map((option) => option.value),
        );
      if (done || !(input instanceof HTMLInputElement) || input.type !== "file" || !input.files?.length) return;
      // Every choice is kept (a second one replaces the input's files but not the artist's intent).
      const files = [...input.files];
      lastChoice.set(input, files);
      held.push({ element: input, value: null, files });
      input.setAttribute("data-early-held", "");
      startApp();
    },
    true,
  );
  doc.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (done || !(form instanceof HTMLFormElement) || !form.hasAttribute(attributes.submit)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // Sent once, however often it was pressed meanwhile.
      if (held.some((entry) => entry.element === form)) return;
      held.push({ element: form, value: null, submitter: event.submitter });
      form.setAttribute("data-early-held", "");
      startApp();
    },
    true,
  );
}

/**
 * The script's text for the document's head. A function, so a browser build
 * that never calls it (root.tsx renders the text on the server only) leaves it out.
 */
export function earlyTapsScript(): string {
  const attributes = {
    audio: SITE_AUDIO_ATTRIBUTE,
    play: EARLY_PLAY_ATTRIBUTE,
    playIn: EARLY_PLAY_IN_ATTRIBUTE,
    action: EARLY_ACTION_ATTRIBUTE,
    submit: EARLY_SUBMIT_ATTRIBUTE,
  };
  return `(${String(catchEarlyTaps)})(${JSON.stringify(attributes)});`;
}
