import { messageNoticeEnabled, setMessageNotice } from "#app/lib/mail/notifications.server.ts";
import type { Profile } from "#app/lib/auth/profile.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import {
  deleteDraft,
  listMailings,
  type MailingSummary,
  renderMailing,
  saveDraft,
  sendMailing,
  sendTest,
  sentMailing,
} from "./mailings.server.ts";
import { upcomingAnnouncements, type UpcomingAnnouncement } from "./release-announcement.server.ts";
import { mailingDraftSchema, mailingRequestSchema } from "./schema.ts";
import { MAILING_TEXT } from "./ui-text.ts";

export type MailAreaData = {
  mailOn: boolean;
  /** Where "Send a test to me" goes. */
  adminEmail: string;
  subscribers: number;
  songs: { id: string; title: string }[];
  mailings: MailingSummary[];
  /** Whether new fan messages are mailed to the admins. */
  messageNotice: boolean;
  /** Scheduled songs' announcements, soonest first. */
  announcements: UpcomingAnnouncement[];
};

export async function mailAreaPage(services: Services, profile: Profile): Promise<MailAreaData> {
  const [count, songs, mailings, notice, announcements] = await Promise.all([
    services.db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("subscribed", "=", 1)
      .executeTakeFirstOrThrow(),
    services.db.selectFrom("songs").select(["id", "title"]).orderBy("createdAt", "desc").execute(),
    listMailings(services.db),
    messageNoticeEnabled(services.db),
    upcomingAnnouncements(services.db),
  ]);
  return {
    mailOn: Boolean(services.mail),
    adminEmail: profile.email,
    subscribers: Number(count.count),
    songs,
    mailings,
    messageNotice: notice,
    announcements,
  };
}

/** What a Mail-area form asked (`intent`) and what came of it: the mailing, the words to show, a preview; or why not. */
export type MailAreaResult = Result<
  { intent: string; id: string; message: string; preview?: { subject: string; html: string } },
  { intent: string; fieldErrors?: Record<string, string> }
>;

/**
 * The Mail area's forms: save a draft, preview it, send a test to oneself,
 * send it to the list, delete a draft. The draft's fields are checked by
 * mailingDraftSchema whatever the intent, so nothing goes out that could not
 * be saved.
 */
export async function handleMailAreaAction(services: Services, request: Request, profile: Profile): Promise<MailAreaResult> {
  const read = await readForm(request);
  if (!read.ok) return { ...read, intent: "" };
  const fields = textFields(read.form);
  const intent = fields.intent ?? "";
  if (intent === "preview") {
    const draft = mailingDraftSchema.safeParse(fields);
    if (!draft.success) return fieldProblem(intent, draft.error.issues);
    // An announcement's preview shows the release's card, as its fans will get it.
    const content = await renderMailing(services, { ...draft.data, announces: fields.announces || null });
    return ok({ intent, id: "", message: "", preview: { subject: content.subject, html: content.html ?? "" } });
  }
  const asked = mailingRequestSchema.safeParse(fields);
  if (!asked.success) {
    // Our own words where the form can be wrong (an unconfirmed send); anything else came from no form of ours.
    const ours = asked.error.issues.find((issue) => issue.message === MAILING_TEXT.confirmSend);
    return refused(400, ours?.message ?? "Something went wrong. Please try again.", { intent });
  }
  const by = profile.displayName || profile.email;
  const parsed = asked.data;
  // A step on the mailing itself answers as it is, with the form's intent.
  const asAsked = (result: Result<{ id: string; message: string }>): MailAreaResult => ({ ...result, intent });
  if (parsed.intent === "delete") return asAsked(await deleteDraft(services.db, parsed.id));
  if (parsed.intent === "open") {
    const sent = await sentMailing(services.db, parsed.id);
    if (!sent) return refused(404, MAILING_TEXT.notFound, { intent });
    return ok({ intent, id: parsed.id, message: "", preview: sent });
  }
  if (parsed.intent === "notify") {
    await setMessageNotice(services.db, parsed.enabled === "on");
    return ok({ intent, id: "", message: parsed.enabled === "on" ? MAILING_TEXT.noticeOn : MAILING_TEXT.noticeOff });
  }
  // Save, test and send all save the form's words first: what is tested or sent is what the artist sees.
  const draft = mailingDraftSchema.safeParse(fields);
  if (!draft.success) return fieldProblem(intent, draft.error.issues);
  const announces = parsed.intent === "send" ? undefined : parsed.announces;
  const saved = await saveDraft(services.db, parsed.id, draft.data, by, Date.now(), announces);
  if (!saved.ok || parsed.intent === "save") return asAsked(saved);
  if (parsed.intent === "test") return asAsked(await sendTest(services, saved.id, profile.email));
  return asAsked(await sendMailing(services, saved.id, by));
}

function fieldProblem(intent: string, issues: { path: PropertyKey[]; message: string }[]): MailAreaResult {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  return refused(400, "Please correct the highlighted fields.", { intent, fieldErrors });
}
