import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-initial.ts";
import * as m0002 from "./0002-song-duration.ts";
import * as m0003 from "./0003-pending-uploads.ts";
import * as m0004 from "./0004-form-rate-limits.ts";
import * as m0005 from "./0005-content-version.ts";
import * as m0006 from "./0006-held-submissions.ts";
import * as m0007 from "./0007-site-settings.ts";
import * as m0008 from "./0008-photos.ts";
import * as m0009 from "./0009-mail.ts";
import * as m0010 from "./0010-consent.ts";
import * as m0011 from "./0011-notifications.ts";
import * as m0012 from "./0012-scheduled-releases.ts";
import * as m0013 from "./0013-shows.ts";
import * as m0014 from "./0014-legal-page-tokens.ts";
import * as m0015 from "./0015-admin-invites.ts";
import * as m0016 from "./0016-email-changes.ts";
import * as m0017 from "./0017-mail-edges.ts";
import * as m0018 from "./0018-releases.ts";
import * as m0019 from "./0019-lyrics-and-credits.ts";
import * as m0020 from "./0020-release-days.ts";
import * as m0021 from "./0021-audio-key-index.ts";
import * as m0022 from "./0022-held-refusals.ts";
import * as m0023 from "./0023-form-token-uses.ts";
import * as m0024 from "./0024-media-jobs.ts";
import * as m0025 from "./0025-audio-renditions.ts";
import * as m0026 from "./0026-listening-links.ts";
import * as m0027 from "./0027-press-kit.ts";
import * as m0028 from "./0028-downloads.ts";
import * as m0029 from "./0029-numbers.ts";

// Listed by hand rather than read from the folder, so the same list works in
// the bundled server build and in the CLI. Names sort in the order they run.
export const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-song-duration": m0002,
  "0003-pending-uploads": m0003,
  "0004-form-rate-limits": m0004,
  "0005-content-version": m0005,
  "0006-held-submissions": m0006,
  "0007-site-settings": m0007,
  "0008-photos": m0008,
  "0009-mail": m0009,
  "0010-consent": m0010,
  "0011-notifications": m0011,
  "0012-scheduled-releases": m0012,
  "0013-shows": m0013,
  "0014-legal-page-tokens": m0014,
  "0015-admin-invites": m0015,
  "0016-email-changes": m0016,
  "0017-mail-edges": m0017,
  "0018-releases": m0018,
  "0019-lyrics-and-credits": m0019,
  "0020-release-days": m0020,
  "0021-audio-key-index": m0021,
  "0022-held-refusals": m0022,
  "0023-form-token-uses": m0023,
  "0024-media-jobs": m0024,
  "0025-audio-renditions": m0025,
  "0026-listening-links": m0026,
  "0027-press-kit": m0027,
  "0028-downloads": m0028,
  "0029-numbers": m0029,
};
