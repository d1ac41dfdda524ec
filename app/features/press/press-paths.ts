// The press kit's public addresses. Each download's address ends in its file
// name, so a person saving it, and the print of the page, see what it is.
import { slugify } from "#app/domain/slug.ts";

export const PRESS_PATH = "/press";
export const PRESS_ZIP_PATH = "/press/photos.zip";
/** The kit's share image, with the content version it was made from (like the site's). */
export const pressSocialImagePath = (contentVersion: number) => `/press/social-image.png?v=${contentVersion}`;
export const pressPhotoPath = (photoId: string) => `/press/photos/${encodeURIComponent(photoId)}.jpg`;
export const pressFilePath = (fileId: string, title: string) =>
  `/press/files/${encodeURIComponent(fileId)}/${encodeURIComponent(slugify(title, "file"))}.pdf`;

/** The names downloads are saved under: "juniper-vale-press-photo-3.jpg", "juniper-vale-press-photos.zip". */
export const pressPhotoFileName = (artistName: string, number: number) => `${slugify(artistName, "artist")}-press-photo-${number}.jpg`;
export const pressZipFileName = (artistName: string) => `${slugify(artistName, "artist")}-press-photos.zip`;

/**
 * A Content-Disposition that saves the download under `name`: the name as
 * UTF-8 (RFC 6266, RFC 8187), and in plain ASCII for older programs.
 */
export function attachment(name: string): string {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "download";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
