import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import type { PressWords } from "#app/domain/site/site-config-schema.ts";
import type { PressFile } from "./press-file.ts";
import { listPressFiles } from "./press-files.server.ts";
import { featuredReleaseIds } from "./press-kit.server.ts";
import { pressSocialImagePath } from "./press-paths.ts";

/** What the press kit's page reads itself: its files, the releases it plays, its share image's address. */
export type PressKitOwnData = { files: PressFile[]; releaseIds: string[]; socialImagePath: string };

/**
 * The kit's own parts for its page. Files are what the kit is for, so their
 * failure is the page's; the releases it plays are extra, so theirs is logged,
 * keeps the page out of the page cache, and shows the page without them.
 */
export async function pressKitOwnData(context: Readonly<RouterContextProvider>, press: PressWords): Promise<PressKitOwnData> {
  const { services, markDegraded, contentVersion } = context.get(appContext);
  const [files, releaseIds, version] = await Promise.all([
    listPressFiles(services.db),
    featuredReleaseIds(services.db, press).catch((error: unknown) => {
      console.error("Loading the press kit's releases failed", error);
      markDegraded();
      return [];
    }),
    contentVersion ?? currentContentVersion(services.db),
  ]);
  return { files, releaseIds, socialImagePath: pressSocialImagePath(version) };
}
