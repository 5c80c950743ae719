import type { ZodType } from 'zod';

/** The parts of a zod 4 schema's definition the key check reads. */
interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  element?: ZodType;
  getter?: () => ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

/** The schema a value is checked against once wrappers (optional, default, pipes…) are peeled. */
function unwrap(schema: ZodType | undefined): ZodType | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType;
    // A preprocess reads anything: the schema after it says which keys count.
    else if (def.type === 'pipe')
      current = def.in && defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy') current = def.getter?.();
    else return current;
  }
  return current;
}

/** The object shapes a value may take, or null when any key goes (a record, unknown, loose). */
function shapesOf(schema: ZodType | undefined): Record<string, ZodType>[] | null {
  const inner = unwrap(schema);
  if (!inner) return null;
  const def = defOf(inner);
  if (def.type === 'object') {
    const loose = def.catchall && defOf(def.catchall).type !== 'never';
    return loose ? null : [def.shape ?? {}];
  }
  const parts =
    def.type === 'union'
      ? (def.options ?? [])
      : def.type === 'intersection'
        ? [def.left, def.right]
        : [];
  const shapes: Record<string, ZodType>[] = [];
  for (const part of parts) {
    const found = shapesOf(part);
    if (found === null) return null;
    shapes.push(...found);
  }
  return shapes.length ? shapes : null;
}

function elementOf(schema: ZodType | undefined): ZodType | undefined {
  const inner = unwrap(schema);
  return inner && defOf(inner).type === 'array' ? defOf(inner).element : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * Walks a request body along its route's body schema. A key the schema does not take is left out
 * when the record the route answers has it (a GET's answer sent back: ids, timestamps, counts,
 * names of related records) or is one of `readOnly` (expansions); any other is named in
 * `unknown` by its dotted path. Answers the body without the ignored keys.
 */
export function sortBodyKeys(
  body: unknown,
  schema: ZodType,
  response: ZodType | undefined,
  readOnly: ReadonlySet<string> = new Set(),
): { body: unknown; unknown: string[] } {
  const unknown: string[] = [];
  const envelope = shapesOf(response) ?? [];
  const walk = (
    value: unknown,
    taken: ZodType | undefined,
    given: ZodType | undefined,
    path: string[],
  ): unknown => {
    if (Array.isArray(value)) {
      const element = elementOf(taken);
      if (!element) return value;
      return value.map((item, i) => walk(item, element, elementOf(given), [...path, String(i)]));
    }
    if (!isPlainObject(value)) return value;
    const shapes = shapesOf(taken);
    if (!shapes) return value;
    const answered = shapesOf(given) ?? [];
    const top = path.length === 0;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const takers = shapes.filter((shape) => key in shape);
      if (takers.length) {
        // Of a union's options that all take the key, none says which to follow: not checked deeper.
        const nested = takers.length === 1 ? takers[0]![key] : undefined;
        // A body's `data` (create_many) answers as the envelope's `data`.
        const back =
          answered.find((shape) => key in shape)?.[key] ??
          (top ? envelope.find((shape) => key in shape)?.[key] : undefined);
        result[key] = nested ? walk(item, nested, back, [...path, key]) : item;
      } else if (!answered.some((shape) => key in shape) && !(top && readOnly.has(key))) {
        unknown.push([...path, key].join('.'));
      }
    }
    return result;
  };
  return { body: walk(body, schema, answeredRecord(response), []), unknown };
}

/**
 * The record a route's answer carries: `{data: record}` or `{data: [record]}`, the one key of an
 * account call's answer (`{organisation}`, `{user}`), else the answer itself.
 */
function answeredRecord(response: ZodType | undefined): ZodType | undefined {
  const shape = shapesOf(response)?.[0];
  const keys = Object.keys(shape ?? {});
  const key = keys.includes('data') ? 'data' : keys.length === 1 ? keys[0] : undefined;
  const record = key === undefined ? undefined : shape?.[key];
  if (!record) return response;
  return elementOf(record) ?? record;
}
