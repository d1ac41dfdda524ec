import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { parseRoles } from "./profile.ts";

/** The addresses of every admin: who the site's own notices (a fan's message, a link's first visit) are mailed to. */
export async function adminEmails(db: Kysely<Database>): Promise<string[]> {
  const users = await db.selectFrom("user").select(["email", "role"]).where("role", "like", "%admin%").execute();
  return users.filter((user) => parseRoles(user.role).includes("admin")).map((user) => user.email);
}
