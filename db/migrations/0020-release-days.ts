import { sql, type Kysely } from "kysely";

// A release comes out on one day (issue #33, decision 023). The day stays on
// each track that is not out yet (each keeps its own `released` gate), and every
// coming track of a release now shares it: where the tracks of one release were
// scheduled apart (moved together after they were scheduled), all take the
// latest of their times, so nothing comes out before the artist said, and are
// announced or made the latest if any of them was to be. A release's
// announcement names the release, not a song; one release may be announced more
// than once (a track added after it came out), so only drafts stay one per
// release.
export async function up(db: Kysely<unknown>): Promise<void> {
  const coming = sql`released = 0 and "releaseAt" is not null`;
  // The latest time among the release's coming tracks, its zone, and whether any was announced or to be the latest.
  await sql`
    update songs set
      "releaseAt" = (select max(t."releaseAt") from songs t where t."releaseId" = songs."releaseId" and t.released = 0 and t."releaseAt" is not null),
      "releaseTimeZone" = (select t."releaseTimeZone" from songs t where t."releaseId" = songs."releaseId" and t.released = 0 and t."releaseAt" is not null
        order by t."releaseAt" desc, t."trackNumber" limit 1),
      "releaseAnnounce" = (select max(t."releaseAnnounce") from songs t where t."releaseId" = songs."releaseId" and t.released = 0 and t."releaseAt" is not null),
      "releaseMakesLatest" = (select max(t."releaseMakesLatest") from songs t where t."releaseId" = songs."releaseId" and t.released = 0 and t."releaseAt" is not null)
    where ${coming}`.execute(db);

  await db.schema.dropIndex("mailings_announces_idx").execute();
  // What a song's announcement announced is now its release.
  await sql`update mailings set announces = (select s."releaseId" from songs s where s.id = mailings.announces)
    where announces is not null and exists (select 1 from songs s where s.id = mailings.announces)`.execute(db);
  // Two drafts for one release (each of its tracks had one): the newest stays its
  // announcement, the others become ordinary drafts, their words kept.
  await sql`update mailings set announces = null
    where status = 'draft' and announces is not null and exists (
      select 1 from mailings newer where newer.status = 'draft' and newer.announces = mailings.announces
        and (newer."updatedAt" > mailings."updatedAt" or (newer."updatedAt" = mailings."updatedAt" and newer.id > mailings.id)))`.execute(
    db,
  );
  await db.schema
    .createIndex("mailings_announcement_draft_idx")
    .on("mailings")
    .column("announces")
    .unique()
    .where(sql.ref("status"), "=", "draft")
    .execute();
  await db.schema.createIndex("mailings_announces_idx").on("mailings").column("announces").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mailings_announces_idx").execute();
  await db.schema.dropIndex("mailings_announcement_draft_idx").execute();
  // Back to a song: the release's first track.
  await sql`update mailings set announces = (select s.id from songs s where s."releaseId" = mailings.announces order by s."trackNumber" limit 1)
    where announces is not null and exists (select 1 from songs s where s."releaseId" = mailings.announces)`.execute(db);
  await sql`update mailings set announces = null
    where announces is not null and exists (
      select 1 from mailings newer where newer.announces = mailings.announces
        and (newer."updatedAt" > mailings."updatedAt" or (newer."updatedAt" = mailings."updatedAt" and newer.id > mailings.id)))`.execute(
    db,
  );
  await db.schema.createIndex("mailings_announces_idx").on("mailings").column("announces").unique().execute();
}
