import { z } from "zod";
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH, MAX_CREDIT_LENGTH, PHOTO_SLOTS } from "#app/domain/photo.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

const altSchema = z
  .string({ error: PHOTO_TEXT.altRequired })
  .trim()
  .min(1, PHOTO_TEXT.altRequired)
  .max(MAX_ALT_LENGTH, PHOTO_TEXT.altTooLong);

/** 0–100 percent; left out (or blank) it is the middle. */
const focalSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? 50 : value),
  z.coerce
    .number({ error: PHOTO_TEXT.focalInvalid })
    .int(PHOTO_TEXT.focalInvalid)
    .min(0, PHOTO_TEXT.focalInvalid)
    .max(100, PHOTO_TEXT.focalInvalid),
);

/** A press photo's caption or credit: optional, and left out it is not changed. */
const pressLine = (max: number, message: string) => z.string({ error: message }).trim().max(max, message).optional();

const idSchema = z.string({ error: PHOTO_TEXT.notFound }).trim().min(1, PHOTO_TEXT.notFound).max(100, PHOTO_TEXT.notFound);

/** What an upload says about its photo, from the upload's query string. */
export const photoUploadSchema = z.object({
  slot: z.enum(PHOTO_SLOTS, { error: PHOTO_TEXT.badRequest }),
  alt: altSchema,
  focalX: focalSchema,
  focalY: focalSchema,
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

export const photoActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("update"),
      id: idSchema,
      alt: altSchema,
      focalX: focalSchema,
      focalY: focalSchema,
      caption: pressLine(MAX_CAPTION_LENGTH, PHOTO_TEXT.captionTooLong),
      credit: pressLine(MAX_CREDIT_LENGTH, PHOTO_TEXT.creditTooLong),
    }),
    z.object({ intent: z.literal("remove"), id: idSchema }),
    z.object({ intent: z.literal("move"), id: idSchema, direction: z.enum(["up", "down"], { error: PHOTO_TEXT.badRequest }) }),
  ],
  { error: PHOTO_TEXT.badRequest },
);
