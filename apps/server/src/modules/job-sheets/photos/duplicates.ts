import type { Queryable } from '../../../platform/db/queryable';
import { newId } from '../../../platform/ids';
import { NEAR_DUPLICATE_MAX_DISTANCE } from './perceptual-hash';

/** One photo of a sheet that matches a photo of another sheet of the organisation. */
interface DuplicatePair {
  job_sheet_id: string;
  photo_id: string;
  duplicate_photo_id: string;
  duplicate_job_sheet_id: string;
  kind: 'EXACT' | 'NEAR';
  distance: number;
}

/**
 * Finds, for each given sheet, its ready photos that match a ready photo of any OTHER sheet of
 * the organisation: the same bytes (c_hash, through its index) or a perceptual hash at most
 * NEAR_DUPLICATE_MAX_DISTANCE bits away. The distance is computed in the database
 * (bit_count of the XOR of the two bigint hashes), over the organisation's ready photos through
 * the covering index job_sheet_photos_p_hash_idx: one pass of integer work per sheet photo,
 * never the photos themselves in Node (docs/job-sheets.md "Duplicate photos" on how it scales).
 * The sheets' previous findings are replaced; answers the pairs found.
 */
export async function detectDuplicatePhotos(
  db: Queryable,
  organisationId: string,
  jobSheetIds: string[],
): Promise<DuplicatePair[]> {
  if (jobSheetIds.length === 0) return [];
  const { rows } = await db.query<DuplicatePair>(
    `SELECT p.job_sheet_id, p.id AS photo_id, q.id AS duplicate_photo_id,
            q.job_sheet_id AS duplicate_job_sheet_id,
            CASE WHEN q.c_hash = p.c_hash THEN 'EXACT' ELSE 'NEAR' END AS kind,
            bit_count((p.p_hash # q.p_hash)::bit(64))::int AS distance
       FROM job_sheet_photos p
       JOIN job_sheet_photos q
         ON q.organisation_id = p.organisation_id AND q.status = 'READY'
        AND q.job_sheet_id <> p.job_sheet_id
        AND (q.c_hash = p.c_hash OR bit_count((p.p_hash # q.p_hash)::bit(64)) <= $3)
      WHERE p.organisation_id = $1 AND p.job_sheet_id = ANY($2::text[]) AND p.status = 'READY'
      ORDER BY p.job_sheet_id, p.id, distance, q.id`,
    [organisationId, jobSheetIds, NEAR_DUPLICATE_MAX_DISTANCE],
  );
  await db.query(
    `DELETE FROM job_sheet_photo_duplicates
      WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[])`,
    [organisationId, jobSheetIds],
  );
  if (rows.length > 0) {
    await db.query(
      `INSERT INTO job_sheet_photo_duplicates
         (id, organisation_id, job_sheet_id, photo_id, duplicate_photo_id, duplicate_job_sheet_id,
          kind, distance)
       SELECT unnest($2::text[]), $1, unnest($3::text[]), unnest($4::text[]), unnest($5::text[]),
              unnest($6::text[]), unnest($7::text[]), unnest($8::int[])`,
      [
        organisationId,
        rows.map(() => newId()),
        rows.map((row) => row.job_sheet_id),
        rows.map((row) => row.photo_id),
        rows.map((row) => row.duplicate_photo_id),
        rows.map((row) => row.duplicate_job_sheet_id),
        rows.map((row) => row.kind),
        rows.map((row) => row.distance),
      ],
    );
  }
  return rows;
}
