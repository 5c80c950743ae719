import {
  pendingDrawingCreateSchema,
  pendingDrawingSchema,
  pendingDrawingUpdateSchema,
} from '@fieldwork/contract';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit';
import { DRAWING_FILE_SQL, presentDrawingFile } from './drawing-files';

/**
 * Pending drawings (field-work §3 Pending drawing): sheets uploaded to a project or a site
 * (POST /pending_drawings, multipart) waiting to be placed on a level, when they convert to a
 * drawing (§4). Deleted outright with their file.
 */
export const pendingDrawingsResource: ResourceDeclaration = defineResource({
  name: 'pending_drawings',
  label: 'Pending drawing',
  table: 'pending_drawings',
  record: pendingDrawingSchema,
  create: pendingDrawingCreateSchema,
  update: pendingDrawingUpdateSchema,
  fields: {
    project_id: { type: 'id', filter: true },
    site_id: { type: 'id', filter: true },
    name: { type: 'text', filter: true, sort: true },
    width: { type: 'integer' },
    height: { type: 'integer' },
    status: { type: 'text', filter: true },
    error: { type: 'text' },
    file: { type: 'json', sql: DRAWING_FILE_SQL },
  },
  search: ['name'],
  defaultSort: '-created_at',
  verbs: ['list', 'get', 'update', 'delete', 'delete_many'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  present: presentDrawingFile,
  rules: {
    // The upload goes with the row (a trigger); its bytes once the delete commits.
    afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
  },
});
