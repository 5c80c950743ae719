import { drawingCreateSchema, drawingSchema, drawingUpdateSchema } from '@fieldwork/contract';
import {
  RESTORE_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { DRAWING_FILE_SQL, presentDrawingFile } from './drawing-files';

const LEVEL = `(SELECT l.block_id FROM levels l
  WHERE l.organisation_id = t.organisation_id AND l.id = t.level_id)`;
const BLOCK_COLUMN = (column: string) => `(SELECT b.${column} FROM levels l
  JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
  WHERE l.organisation_id = t.organisation_id AND l.id = t.level_id)`;
const NAMED = (
  table: string,
  idSql: string,
) => `(SELECT json_build_object('id', x.id, 'name', x.name)
  FROM ${table} x WHERE x.organisation_id = t.organisation_id AND x.id = ${idSql})`;

/** Live locations pinned on or placed on the drawing. */
export const DRAWING_LOCATION_COUNT = `(SELECT count(*)::int FROM locations lc
  WHERE lc.organisation_id = t.organisation_id AND lc.drawing_id = t.id)`;

/**
 * Drawings (field-work §3 Drawing): a level's sheets in order, uploaded as a PDF or an image
 * (POST /drawings, multipart, drawing-routes.ts) and rendered on the queue. The block, site and
 * project are the level's. Soft-deleted and restored (§4); moved to another level at an index.
 */
export const drawingsResource: ResourceDeclaration = defineResource({
  name: 'drawings',
  label: 'Drawing',
  table: 'drawings',
  record: drawingSchema,
  create: drawingCreateSchema,
  update: drawingUpdateSchema,
  fields: {
    project_id: { type: 'id', sql: BLOCK_COLUMN('project_id'), filter: true },
    site_id: { type: 'id', sql: BLOCK_COLUMN('site_id'), filter: true },
    block_id: { type: 'id', sql: LEVEL, filter: true },
    level_id: { type: 'id', filter: true },
    block: { type: 'json', sql: NAMED('blocks', LEVEL) },
    level: { type: 'json', sql: NAMED('levels', 't.level_id') },
    name: { type: 'text', filter: true, sort: true },
    width: { type: 'integer' },
    height: { type: 'integer' },
    order: { type: 'integer', sort: true },
    status: { type: 'text', filter: true },
    error: { type: 'text' },
    replacing: { type: 'boolean', sql: '(t.replacement_file_id IS NOT NULL)' },
    file: { type: 'json', sql: DRAWING_FILE_SQL },
    location_count: { type: 'integer', sql: DRAWING_LOCATION_COUNT, sort: true },
    deleted_at: { type: 'timestamp', sort: true },
  },
  references: { level_id: { table: 'levels', label: 'Level', live: 'deleted_at IS NULL' } },
  search: ['name'],
  defaultSort: 'order',
  order: { column: 'order', groupBy: ['level_id'] },
  parent: { column: 'level_id', table: 'levels', label: 'Level' },
  verbs: [
    'list',
    'get',
    'update',
    'delete',
    ...RESTORE_VERBS.filter((verb) => verb !== 'create_many'),
    'move',
    'move_many',
    'reorder',
    'duplicate',
    'duplicate_many',
  ],
  // A copy shows the same sheet on the same level (the upload is shared, never its pins).
  copy: {
    columns: [
      'level_id',
      'name',
      'width',
      'height',
      'status',
      'error',
      'stored_file_id',
      'image_key',
      'image_content_type',
    ],
  },
  softDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  present: presentDrawingFile,
});
