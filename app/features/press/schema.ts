import { z } from "zod";
import { MAX_PRESS_FILE_TITLE, PRESS_FILES_TEXT } from "./ui-text.ts";

const title = z
  .string({ error: PRESS_FILES_TEXT.titleRequired })
  .trim()
  .min(1, PRESS_FILES_TEXT.titleRequired)
  .max(MAX_PRESS_FILE_TITLE, PRESS_FILES_TEXT.titleTooLong)
  // A title is one line the page and the file's name show: no line breaks, tabs or NULs (which PostgreSQL refuses).
  .refine((value) => !/\p{Cc}/u.test(value), PRESS_FILES_TEXT.titleOneLine);
const id = z.string({ error: PRESS_FILES_TEXT.notFound }).trim().min(1, PRESS_FILES_TEXT.notFound).max(100, PRESS_FILES_TEXT.notFound);

/** What an upload says about its file, from the upload's query string. */
export const pressFileUploadSchema = z.object({ title });

/** The dashboard's edit of the kit's files: one removed (they are listed in the order they were added). */
export const pressFileActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("remove"), id })], {
  error: PRESS_FILES_TEXT.badRequest,
});
