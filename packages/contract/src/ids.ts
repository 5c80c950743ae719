/** Ids are 24-character lowercase hex strings (time-ordered, like a Mongo ObjectId). Zod-free, for the web bundle. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value);
