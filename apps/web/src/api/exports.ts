import { useMutation } from '@tanstack/react-query';
import { request } from './request';

export interface ExportRequest {
  filter?: Record<string, string | boolean | number>;
  sort?: string;
}

/** POST /exports/{name} answers the absolute, signed URL of the finished file. */
export function useExport(name: string) {
  return useMutation({
    mutationFn: (body: ExportRequest) =>
      request<{ url: string }>({ method: 'post', url: `/exports/${name}`, body }),
  });
}
