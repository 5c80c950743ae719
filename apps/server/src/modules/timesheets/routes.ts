import {
  idSchema,
  timeEntryAnswerSchema,
  timeEntryEndSchema,
  timeEntryRevertSchema,
  timeEntryStartSchema,
  timesheetSummaryQuerySchema,
  timesheetSummarySchema,
  type TimeEntryLocation,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit, readBeforeImages } from '../../platform/audit';
import { conflict, forbidden, notFound, validationFailure } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader, resourceRoutes, writer } from '../../platform/resource-kit';
import { timesheetReportRoutes } from './report-routes';
import { summaryOf } from './summary';
import { checkMember, managesTime, timesheetsResource } from './timesheets.resource';

const read = reader(timesheetsResource);
const write = writer(timesheetsResource);
const tags = ['Timesheets'];
const COLLECTION = 'timesheets';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

async function loadEntry(ctx: OrganisationContext, id: string) {
  const [entry] = await read.findMany(ctx, [id]);
  if (!entry) throw notFound('Time entry');
  return entry;
}

/** The member's open entry, if any (whoever the caller is: the database's truth). */
async function openEntryOf(ctx: OrganisationContext, userId: string) {
  const { rows } = await ctx.db.query<{ id: string; started_at: Date }>(
    `SELECT id, effective_started_at AS started_at FROM time_entries
      WHERE organisation_id = $1 AND user_id = $2 AND ended_at IS NULL`,
    [ctx.organisationId, userId],
  );
  return rows[0] ?? null;
}

const alreadyOpen = (own: boolean) =>
  conflict(
    own
      ? 'You are already on the clock: stop your open time entry before starting another.'
      : 'This member already has an open time entry: end it first.',
    'already_started',
  );

/** Where the phone was, kept only when the member allowed it. */
function locationOf(body: {
  location_permission_granted?: boolean;
  location?: TimeEntryLocation | null;
}) {
  const granted = body.location_permission_granted ?? !!body.location;
  if (!granted && body.location) {
    throw validationFailure([
      {
        field: 'location',
        message: 'Send a location only with location_permission_granted true.',
        code: 'invalid',
      },
    ]);
  }
  return { granted, location: granted && body.location ? JSON.stringify(body.location) : null };
}

const idParams = z.object({ id: idSchema });

export function timesheetRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/timesheets/summary',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'OPERATIVE: only their own time; MANAGER and above: every member',
      tags,
      summary:
        'Totals per member and day over a period (from/to, or the week holding `week`, or this week), each member’s count of entries and open entry',
      query: timesheetSummaryQuerySchema,
      response: timesheetSummarySchema,
      handler: async (ctx, { query }) => ({ data: await summaryOf(ctx, query) }),
    }),
    route({
      method: 'POST',
      path: '/timesheets/start',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'the caller starts their own time',
      tags,
      summary:
        'Start work now: opens a time entry for the caller (409 already_started while one is open), with the phone’s location when allowed',
      body: timeEntryStartSchema,
      status: 201,
      response: timeEntryAnswerSchema,
      handler: async (ctx, { body }) => {
        if (ctx.membership.guest) throw forbidden('Guests do not record time.', 'forbidden');
        const links = {
          client_id: body.client_id ?? null,
          project_id: body.project_id ?? null,
          site_id: body.site_id ?? null,
        };
        await write.checkReferences(ctx, [links]);
        const { granted, location } = locationOf(body);
        if (await openEntryOf(ctx, ctx.user.id)) throw alreadyOpen(true);
        const id = newId();
        try {
          await ctx.db.query(
            `INSERT INTO time_entries (id, organisation_id, user_id, client_id, project_id, site_id,
               started_at, started_location_permission_granted, started_location, notes,
               created_by_user_id)
             VALUES ($1, $2, $3, $4, $5, $6, now(), $7, $8::jsonb, $9, $3)`,
            [
              id,
              ctx.organisationId,
              ctx.user.id,
              links.client_id,
              links.project_id,
              links.site_id,
              granted,
              location,
              body.notes ?? null,
            ],
          );
        } catch (error) {
          // Two starts at once: both found no open entry; the partial unique index let one in.
          if (isUniqueViolation(error)) throw alreadyOpen(true);
          throw error;
        }
        await recordAudit(ctx, COLLECTION, [id], 'START', { ...links, granted });
        return { data: await loadEntry(ctx, id) };
      },
    }),
    route({
      method: 'POST',
      path: '/timesheets/end',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'OPERATIVE: their own open entry; MANAGER and above: any member’s (user_id)',
      tags,
      summary:
        'Stop work now: ends the caller’s open time entry (a manager may name user_id), with the phone’s location when allowed; 409 not_started when none is open',
      body: timeEntryEndSchema,
      response: timeEntryAnswerSchema,
      handler: async (ctx, { body }) => {
        const userId = body.user_id ?? ctx.user.id;
        if (userId !== ctx.user.id) {
          if (!managesTime(ctx)) {
            throw forbidden('You may only end your own time.', 'own_records_only');
          }
          await checkMember(ctx, userId);
        }
        const { granted, location } = locationOf(body);
        const open = await openEntryOf(ctx, userId);
        if (!open) {
          throw conflict(
            userId === ctx.user.id
              ? 'You are not on the clock: there is no open time entry to stop.'
              : 'This member has no open time entry.',
            'not_started',
          );
        }
        const before = await readBeforeImages(ctx, 'time_entries', [open.id]);
        // the end is now, or the start when a manager moved the start past now
        const { rows } = await ctx.db.query(
          `UPDATE time_entries
              SET ended_at = GREATEST(now(), effective_started_at),
                  ended_location_permission_granted = $3, ended_location = $4::jsonb,
                  updated_at = now()
            WHERE organisation_id = $1 AND id = $2 AND ended_at IS NULL
            RETURNING id`,
          [ctx.organisationId, open.id, granted, location],
        );
        if (!rows.length) throw conflict('The entry was ended meanwhile.', 'conflict');
        await recordAudit(ctx, COLLECTION, [open.id], 'END', { granted }, before);
        const entry = await loadEntry(ctx, open.id);
        await publishEvent(ctx, 'timesheet.ended', [entry]);
        return { data: entry };
      },
    }),
    route({
      method: 'PUT',
      path: '/timesheets/:id/revert',
      access: 'organisation',
      minRole: 'OPERATIVE',
      accessNote: 'OPERATIVE: their own entries; MANAGER and above: anyone’s',
      tags,
      summary:
        'Revert an entry’s start (an open entry is removed as if never started) or its end (the entry reopens; 409 already_started when the member has another open entry)',
      params: idParams,
      body: timeEntryRevertSchema,
      response: timeEntryAnswerSchema,
      handler: async (ctx, { params, body }) => {
        const entry = await loadEntry(ctx, params.id);
        const before = await readBeforeImages(ctx, 'time_entries', [entry.id]);
        if (body.revert === 'start') {
          if (!entry.open) {
            throw conflict(
              'Only an open entry’s start can be reverted: revert its end first, or delete it.',
              'not_open',
            );
          }
          await ctx.db.query(
            `DELETE FROM time_entries WHERE organisation_id = $1 AND id = $2 AND ended_at IS NULL`,
            [ctx.organisationId, entry.id],
          );
          await recordAudit(ctx, COLLECTION, [entry.id], 'REVERT', { revert: 'start' }, before);
          return { data: null };
        }
        if (entry.open) {
          throw conflict('The entry has not ended: there is no end to revert.', 'not_ended');
        }
        const own = entry.user_id === ctx.user.id;
        if (await openEntryOf(ctx, entry.user_id as string)) throw alreadyOpen(own);
        try {
          await ctx.db.query(
            `UPDATE time_entries
                SET ended_at = NULL, ended_at_override = NULL, ended_override_user_id = NULL,
                    ended_location_permission_granted = false, ended_location = NULL,
                    updated_at = now()
              WHERE organisation_id = $1 AND id = $2`,
            [ctx.organisationId, entry.id],
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw alreadyOpen(own);
          throw error;
        }
        await recordAudit(ctx, COLLECTION, [entry.id], 'REVERT', { revert: 'end' }, before);
        return { data: await loadEntry(ctx, entry.id) };
      },
    }),
    ...resourceRoutes(timesheetsResource),
    ...timesheetReportRoutes(),
  ];
}
