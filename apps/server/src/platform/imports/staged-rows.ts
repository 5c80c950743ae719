import type { Queryable } from '../db/queryable';
import type { ParsedRow } from './declaration';

interface StagedRow {
  unit: string;
  line: number;
  value: unknown;
}

/**
 * Parsed rows of a batched import whose kind has a `unitKey`, kept in a temporary table of the
 * import's transaction (dropped at its end) and read back ordered by unit: every batch then holds
 * whole units (one rate set's tiers of one input type) whatever the file's order, and memory holds
 * one batch, never the file. "C" collation: the order and the keyset comparison agree, bytewise.
 */
export class StagedRows {
  private created = false;

  constructor(private readonly db: Queryable) {}

  /** Appends parsed rows with their unit. */
  async add(rows: Array<ParsedRow<unknown> & { unit: string }>) {
    if (!rows.length) return;
    if (!this.created) {
      await this.db.query(
        `CREATE TEMPORARY TABLE import_staged_rows (
           unit text COLLATE "C" NOT NULL, line integer NOT NULL, value jsonb NOT NULL
         ) ON COMMIT DROP`,
      );
      this.created = true;
    }
    await this.db.query(
      `INSERT INTO import_staged_rows (unit, line, value)
       SELECT r.unit, r.line, r.value FROM jsonb_to_recordset($1::jsonb) AS r (unit text, line integer, value jsonb)`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * The rows back in batches of about `size`, unit by unit: a batch ends with the whole unit of
   * its `size`th row, so it can hold that unit's few extra rows.
   */
  async *batches(size: number): AsyncGenerator<ParsedRow<unknown>[]> {
    if (!this.created) return;
    await this.db.query('CREATE INDEX ON import_staged_rows (unit, line)');
    let after: string | null = null;
    for (;;) {
      const { rows, last } = await this.batchAfter(after, size);
      if (rows.length) yield rows.map(({ line, value }) => ({ line, value }));
      if (last || !rows.length) return;
      after = rows[rows.length - 1]!.unit;
    }
  }

  /** The units after `after` (all units when null) up to the one of the `size`th row. */
  private async batchAfter(after: string | null, size: number) {
    const { rows: bound } = await this.db.query<{ unit: string }>(
      `SELECT unit FROM import_staged_rows WHERE ($1::text IS NULL OR unit > $1)
        ORDER BY unit, line OFFSET $2 LIMIT 1`,
      [after, size - 1],
    );
    const { rows } = await this.db.query<StagedRow>(
      `SELECT unit, line, value FROM import_staged_rows
        WHERE ($1::text IS NULL OR unit > $1) AND ($2::text IS NULL OR unit <= $2)
        ORDER BY unit, line`,
      [after, bound[0]?.unit ?? null],
    );
    return { rows, last: !bound[0] };
  }
}
