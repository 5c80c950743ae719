import type { JobSheetPhoto } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { presentPhotoFile } from './photos/photo-files';

/** A job_sheet_photos row as stored (the columns the answer needs). */
export interface PhotoRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  job_sheet_id: string;
  job_sheet_field_value_id: string;
  order: number;
  capture_method: JobSheetPhoto['capture_method'];
  status: JobSheetPhoto['status'];
  error: string | null;
  width: number | null;
  height: number | null;
  c_hash: string | null;
  p_hash: string | null;
  original_name: string | null;
  content_type: string | null;
  size_bytes: string | number | null;
  original_key: string;
  thumbnail_key: string | null;
  display_key: string | null;
  display_content_type: string | null;
}

/** The columns to select for PhotoRow (p_hash as 16 hex digits). */
export const PHOTO_COLUMNS = `p.id, p.created_at, p.updated_at, p.job_sheet_id,
  p.job_sheet_field_value_id, p."order", p.capture_method, p.status, p.error, p.width, p.height,
  p.c_hash, CASE WHEN p.p_hash IS NULL THEN NULL ELSE lpad(to_hex(p.p_hash), 16, '0') END AS p_hash,
  p.original_name, p.content_type, p.size_bytes, p.original_key, p.thumbnail_key, p.display_key,
  p.display_content_type`;

/** A photo as answered: its files by signed, expiring addresses (never storage keys). */
export function presentPhoto(ctx: OrganisationContext, row: PhotoRow): JobSheetPhoto {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    job_sheet_id: row.job_sheet_id,
    job_sheet_field_value_id: row.job_sheet_field_value_id,
    order: row.order,
    capture_method: row.capture_method,
    status: row.status,
    error: row.error,
    width: row.width,
    height: row.height,
    c_hash: row.c_hash,
    p_hash: row.p_hash,
    file: presentPhotoFile(ctx.services.storage, row),
  };
}
