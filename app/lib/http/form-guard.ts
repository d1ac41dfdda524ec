// The hidden fields every public form carries (shared by the forms and the server).

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "website";
/** A signed timestamp of when the form was rendered. */
export const FORM_STARTED_FIELD = "formStarted";
/**
 * A form sent from a page made longer ago than this is held rather than
 * delivered: a page kept open asks for a fresh token well before (FormGuardFields),
 * so past it is a page saved long ago, or a script replaying one.
 */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A page open longer than this asks for a fresh token when its form is next touched. */
export const TOKEN_REFRESH_AFTER_MS = 60 * 60 * 1000;
/**
 * A token made longer ago than this by the server's clock (a page shown again
 * from the browser's cache) is replaced too; far from the hour above, so a
 * phone whose clock is somewhat off does not ask at every touch.
 */
export const TOKEN_OLD_AT_MS = FORM_TOKEN_MAX_AGE_MS / 4;
