import { buildAnswerSchema, type BuildAnswer } from '@fieldwork/contract';
import { request } from './request';

export interface ExportRequest {
  filter?: Record<string, string | boolean | number>;
  sort?: string;
}

/**
 * POST /exports/{name} starts the build of the file and answers at once with the build (to
 * follow with `useBuild`) and the signed link to its file.
 */
export async function startExport(name: string, body: ExportRequest): Promise<BuildAnswer> {
  const answer = await request<unknown>({ method: 'post', url: `/exports/${name}`, body });
  return buildAnswerSchema.parse(answer);
}
