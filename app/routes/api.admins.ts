import { z } from "zod";
import type { Route } from "./+types/api.admins";
import { createInvite, removeAdmin, revokeInvite } from "#app/features/auth/invites.server.ts";
import { INVITE_TEXT } from "#app/features/auth/ui-text.ts";
import { adminAction } from "#app/lib/http/admin-action.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { refused } from "#app/lib/result.ts";

// The Account area's admin management, admin only.
//   POST intent=invite, email         -> { success, email, mailed, link (only when no mail is sent) }
//   POST intent=revoke-invite, id     -> { success }
//   POST intent=remove-admin, id      -> { success, email, self }

const mutationSchema = z.object(
  {
    intent: z.enum(["invite", "revoke-invite", "remove-admin"], { error: INVITE_TEXT.unknownIntent }),
    // The services check these, with their own messages.
    email: z.unknown().optional(),
    id: z.unknown().optional(),
  },
  { error: INVITE_TEXT.badRequest },
);

/** Nothing to read here: the Account page loads the admins; a GET is told to POST. */
export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    schema: mutationSchema,
    words: { badRequest: INVITE_TEXT.badRequest, unexpected: INVITE_TEXT.failed },
    acceptJson: true,
    run: async (services, { intent, email, id }) => {
      // adminAction has checked the admin; this is who they are, for the history.
      const by = await getProfile(services, args.request);
      if (!by) return refused(400, INVITE_TEXT.failed);
      if (intent === "invite") return createInvite(services, by, email);
      if (intent === "revoke-invite") return revokeInvite(services, by, id);
      return removeAdmin(services, by, id);
    },
    subject: "Admins",
  });
