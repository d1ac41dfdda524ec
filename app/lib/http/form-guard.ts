// The hidden fields every public form carries (shared by the forms and the server).

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "website";
/** A signed timestamp of when the form was rendered. */
export const FORM_STARTED_FIELD = "formStarted";
