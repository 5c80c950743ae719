import type { BuildAnswer, BuildNotice } from '@fieldwork/contract';
import type { z, ZodType } from 'zod';
import type { OrganisationContext } from '../http/context';
import { newId } from '../ids';
import { jobCallerOf } from '../queue/caller-context';
import { reader } from '../resource-kit';
import { buildsResource } from './builds.resource';
import { buildKind, type BuildKind } from './define-build';
import { buildFileKey, buildFileUrl } from './files';
import { runBuildJob } from './run-build.job';

/**
 * Asks for a build: its row (who, what, with which options) and its job, in the request's
 * transaction, so a rolled-back request builds nothing. Answers the build with a signed link to
 * its file, which serves it once it is ready (and says how far it has got until then).
 */
export async function startBuild<S extends ZodType>(
  ctx: OrganisationContext,
  kind: BuildKind<S>,
  options: z.output<S>,
  notice: BuildNotice = {},
): Promise<BuildAnswer> {
  if (!buildKind(kind.name)) {
    throw new Error(`The build kind ${kind.name} is not registered (registerBuildKind)`);
  }
  const label = await kind.label(ctx, options);
  const id = newId();
  const emails = [
    ...(notice.notify === true || notice.notify === 'true' ? [ctx.user.email] : []),
    ...(notice.emails ?? []),
  ];
  const row = { organisation_id: ctx.organisationId, id, download_name: label.downloadName };
  const key = buildFileKey(row, kind.format);
  const taskId = await ctx.services.queue.enqueue(ctx, runBuildJob, {
    buildId: id,
    ...jobCallerOf(ctx),
  });
  await ctx.db.query(
    `INSERT INTO builds (id, organisation_id, kind, name, description, download_name, format,
       job_path, options, user_id, task_id, file_key, notify_emails)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      ctx.organisationId,
      kind.name,
      label.name,
      label.description ?? null,
      label.downloadName,
      kind.format,
      label.jobPath ?? null,
      JSON.stringify(options ?? {}),
      ctx.user.id,
      taskId,
      key,
      [...new Set(emails.map((email) => email.toLowerCase()))],
    ],
  );
  const [build] = await reader(buildsResource).findMany(ctx, [id]);
  return { url: buildFileUrl(ctx, key), build: build as BuildAnswer['build'] };
}
