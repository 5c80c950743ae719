import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, ID_PATTERN } from '@fieldwork/contract';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { permissionRow } from './permissions';
import { fullPath } from './register';
import type { ListDoc, RouteDef } from './route';

type JsonSchema = Record<string, unknown>;

/** Converts zod to JSON Schema, hoisting named schemas into components. */
function converter(components: Record<string, JsonSchema>) {
  return (schema: ZodType, io: 'input' | 'output'): JsonSchema => {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
    const {
      $schema: _,
      $defs,
      ...rest
    } = JSON.parse(text) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    Object.assign(components, $defs ?? {});
    return rest;
  };
}

const LIST_GRAMMAR = `Lists take the grammar of platform §7: \`filter[field]=value\` (a comma list matches any
of its values; empty filters are ignored), \`expand[]=relation\`, \`sort=a,-b\` (a leading minus sorts
descending), \`page=all\` or \`page[number]=n&page[size]=m\` (default size 25, at most 1000),
\`withIds=true\` (ids of every match in \`ids\`), \`sum=a,b\` (totals over every match in \`sums\`).
Unknown filter, sort, expand or sum fields are a 400. The answer is
\`{data, meta: {total, current_page, per_page, last_page}}\` plus \`ids\` and \`sums\` when asked.`;

function listParameters(list: ListDoc) {
  const parameters: JsonSchema[] = list.filters.map((field) => ({
    name: `filter[${field}]`,
    in: 'query',
    required: false,
    description: 'Comma list: matches any of the values',
    schema: { type: 'string' },
  }));
  if (list.expands.length) {
    parameters.push({
      name: 'expand[]',
      in: 'query',
      required: false,
      schema: { type: 'array', items: { type: 'string', enum: list.expands } },
      style: 'form',
      explode: true,
    });
  }
  if (list.sorts.length) {
    parameters.push(
      {
        name: 'sort',
        in: 'query',
        required: false,
        description: `Comma list of ${list.sorts.join(', ')}; prefix - for descending`,
        schema: { type: 'string' },
      },
      {
        name: 'page',
        in: 'query',
        required: false,
        description: '"all" for every match (streamed)',
        schema: { type: 'string', enum: ['all'] },
      },
      {
        name: 'page[number]',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
      {
        name: 'page[size]',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 1000, default: 25 },
      },
      { name: 'withIds', in: 'query', required: false, schema: { type: 'boolean' } },
    );
  }
  if (list.sums.length) {
    parameters.push({
      name: 'sum',
      in: 'query',
      required: false,
      description: `Comma list of ${list.sums.join(', ')}`,
      schema: { type: 'string' },
    });
  }
  return parameters;
}

export function buildOpenApi(routes: RouteDef[]) {
  const components: Record<string, JsonSchema> = {};
  const toSchema = converter(components);
  const errorRef = { $ref: '#/components/schemas/Error' };
  toSchema(z.object({ error: errorBodySchema }), 'output');
  const paths: Record<string, Record<string, unknown>> = {};

  for (const def of routes) {
    const path = fullPath(def).replace(/:(\w+)/g, '{$1}');
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      // ids are hex; other path values (e.g. an invite's token) are opaque strings
      schema: /[iI]d$/.test(name ?? '')
        ? { type: 'string', pattern: ID_PATTERN.source }
        : { type: 'string' },
    }));
    const queryParams = def.query
      ? Object.entries(
          (toSchema(def.query, 'input').properties ?? {}) as Record<string, JsonSchema>,
        ).map(([name, schema]) => ({ name, in: 'query', required: false, schema }))
      : [];
    const success = String(def.status ?? (def.response ? 200 : 204));
    const errors: Record<string, unknown> = {};
    for (const status of errorStatuses(def))
      errors[status] = {
        description: status,
        content: { 'application/json': { schema: errorRef } },
      };
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      summary: def.summary,
      tags: def.tags,
      ...(def.list?.sorts.length ? { description: LIST_GRAMMAR } : {}),
      security: security(def),
      'x-permission': permissionRow(def),
      parameters: [...pathParams, ...queryParams, ...(def.list ? listParameters(def.list) : [])],
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: toSchema(def.body, 'input') },
                ...(def.multipart
                  ? {
                      'multipart/form-data': {
                        schema: multipartSchema(toSchema(def.body, 'input')),
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
      responses: {
        [success]: def.response
          ? {
              description: 'Success',
              content: { 'application/json': { schema: toSchema(def.response, 'output') } },
            }
          : { description: 'Success, no content' },
        ...Object.fromEntries(
          Object.entries(def.otherResponses ?? {}).map(([status, schema]) => [
            status,
            {
              description: 'Success',
              content: { 'application/json': { schema: toSchema(schema, 'output') } },
            },
          ]),
        ),
        ...errors,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Field-work platform API',
      version: '0.1.0',
      description: `Organisation routes live under /organisations/{organisationId} and need a member's bearer token.\n\n${LIST_GRAMMAR}`,
    },
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Access token (or API key secret)' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
    },
    paths,
  };
}

/** A multipart form: the JSON fields as text parts, and `files` as binary parts. */
function multipartSchema(json: JsonSchema): JsonSchema {
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...json,
    properties: {
      ...properties,
      ...(properties.files
        ? { files: { type: 'array', items: { type: 'string', format: 'binary' } } }
        : {}),
    },
  };
}

function errorStatuses(def: RouteDef): string[] {
  const statuses = ['400'];
  if (def.access !== 'public') statuses.push('401');
  if (def.access === 'organisation') statuses.push('403');
  if (def.path.includes(':')) statuses.push('404');
  if (def.body) statuses.push('422');
  if (def.multipart) statuses.push('413', '415');
  return statuses;
}

export async function registerDocs(app: FastifyInstance, routes: RouteDef[]) {
  const document = documentOf(routes);
  app.get('/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // staticCSP: the docs page's own policy, in place of the API's (which forbids every script).
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

/**
 * The document of a route list, built once per process for a list of the same routes: converting
 * every schema takes most of an app's start, and the test suites start an app per file.
 */
const documents = new Map<string, ReturnType<typeof buildOpenApi>>();
function documentOf(routes: RouteDef[]) {
  const key = routes.map((def) => `${def.method} ${fullPath(def)}`).join('\n');
  let document = documents.get(key);
  if (!document) {
    document = buildOpenApi(routes);
    documents.set(key, document);
  }
  return document;
}

/** Who may call: the bearer (a session's access token, or an API key where permitted). */
function security(def: RouteDef) {
  if (def.access === 'public') return [];
  return permissionRow(def).apiKey === 'yes' ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
}
