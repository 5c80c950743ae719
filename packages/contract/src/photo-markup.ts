import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * Markup drawn over a job sheet photo (docs/job-sheets.md "Photo markup"): arrows, circles and
 * text, placed in fractions of the upright photo's width (x) and height (y) from its top left, so
 * they stay in place on any copy of it. The web app draws them on a copy; the original is kept.
 */
export const PHOTO_MARKUP_SHAPE_TYPES = ['ARROW', 'CIRCLE', 'TEXT'] as const;
export type PhotoMarkupShapeType = (typeof PHOTO_MARKUP_SHAPE_TYPES)[number];
/** The pens offered: red, yellow, white and black read on most site photos. */
export const PHOTO_MARKUP_COLORS = ['#e03131', '#fab005', '#ffffff', '#000000'] as const;
/** The most shapes on one photo. */
export const PHOTO_MARKUP_MAX_SHAPES = 100;
export const PHOTO_MARKUP_TEXT_MAX = 200;

const fraction = z
  .number({ message: 'Must be a number' })
  .min(0, 'Must be between 0 and 1')
  .max(1, 'Must be between 0 and 1');
const point = z.object({ x: fraction, y: fraction }).strict();
const color = z.enum(PHOTO_MARKUP_COLORS, { message: 'Must be one of the markup colours' });

export const photoMarkupShapeSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('ARROW'), color, from: point, to: point }).strict(),
      /** radius: a fraction of the photo's width. */
      z
        .object({
          type: z.literal('CIRCLE'),
          color,
          center: point,
          radius: fraction.refine((value) => value > 0, 'Must be more than 0'),
        })
        .strict(),
      /** at: the text's top left; size: its height as a fraction of the photo's height. */
      z
        .object({
          type: z.literal('TEXT'),
          color,
          at: point,
          text: z
            .string()
            .trim()
            .min(1, 'Write the text')
            .max(PHOTO_MARKUP_TEXT_MAX, `At most ${PHOTO_MARKUP_TEXT_MAX} characters`),
          size: fraction.refine((value) => value >= 0.01, 'Must be 0.01 or more'),
        })
        .strict(),
    ],
    { message: 'Must be an ARROW, a CIRCLE or a TEXT' },
  )
  .meta({ id: 'PhotoMarkupShape' });
export type PhotoMarkupShape = z.infer<typeof photoMarkupShapeSchema>;

export const photoMarkupShapesSchema = z
  .array(photoMarkupShapeSchema)
  .min(1, 'Draw at least one shape')
  .max(PHOTO_MARKUP_MAX_SHAPES, `At most ${PHOTO_MARKUP_MAX_SHAPES} shapes`);

/** A photo's markup as answered: the shapes, the marked-up copy's signed addresses, who and when. */
export const photoMarkupSchema = z
  .object({
    shapes: z.array(photoMarkupShapeSchema),
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    marked_up_at: timestampSchema,
    marked_up_by_id: idSchema.nullable(),
  })
  .meta({ id: 'PhotoMarkup' });
export type PhotoMarkup = z.infer<typeof photoMarkupSchema>;

/**
 * The text field of POST /job_sheet_photos/{id}/markup (multipart, the marked-up copy in `file`):
 * `shapes`, the shapes as a JSON array.
 */
export const photoMarkupUploadFieldsSchema = z.object({
  shapes: z
    .string({ message: 'Send the shapes as a JSON array' })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'Send the shapes as a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(photoMarkupShapesSchema),
});
