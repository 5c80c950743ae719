import type { BuildAnswer } from '@fieldwork/contract';
import { request } from './request';

export interface ExportRequest {
  filter?: Record<string, string | boolean | number>;
  sort?: string;
}

/**
 * POST /exports/{name} starts the build of the file and answers at once with the build (to
 * follow with `useBuild`) and the signed link to its file. (Typed, not parsed: the schema would
 * bring zod into the first load; `useBuild` reads the build through the schema.)
 */
export function startExport(name: string, body: ExportRequest): Promise<BuildAnswer> {
  return request<BuildAnswer>({ method: 'post', url: `/exports/${name}`, body });
}
