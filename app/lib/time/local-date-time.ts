// Its own module, not zoned-time.ts: public pages read a show's wall-clock
// text with it, and should not download the zone arithmetic the dashboard uses.

/** A local date and time as `<input type="datetime-local">` writes it: YYYY-MM-DDTHH:MM, with :SS when its step allows seconds. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
