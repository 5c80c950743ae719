import type { QrCodeBatch, QrQuota } from '@fieldwork/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource';
import { resourceQueryKey, useResourceMutation } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';

/** QR code batches (field-work §3, §7): generate, quota, download_url, utilisation. */
export const qrBatchesApi = resourceApi<QrCodeBatch, { quantity: number }>('qr_code_batches');

export interface QrUtilisation {
  total: number;
  allocated: number;
  unallocated: number;
  batches: number;
}

const useKey = (...rest: unknown[]) => {
  const { organisationId } = useSession();
  return [...resourceQueryKey(organisationId, 'qr_code_batches'), ...rest];
};

/** Every batch, newest first, asked again while one is still being drawn. */
export function useQrBatches() {
  return useQuery({
    queryKey: useKey('all'),
    queryFn: () => qrBatchesApi.all({ sort: '-created_at' }),
    refetchInterval: (query) =>
      query.state.data?.some((batch) => !batch.generated_at && !batch.failed_at) ? 2000 : false,
  });
}

export function useQrQuota() {
  return useQuery({
    queryKey: useKey('quota'),
    queryFn: async () => (await qrBatchesApi.overview<{ data: QrQuota }>('quota')).data,
  });
}

export function useQrUtilisation() {
  return useQuery({
    queryKey: useKey('utilisation'),
    queryFn: async () => (await qrBatchesApi.overview<{ data: QrUtilisation }>('utilisation')).data,
  });
}

export const useGenerateBatch = () =>
  useResourceMutation('qr_code_batches', (quantity: number) =>
    qrBatchesApi.actOn<{ data: QrCodeBatch }>('generate', { quantity }),
  );

/** A signed link to the batch's CSV or printable label sheet (the download is counted). */
export const useDownloadBatch = () =>
  useResourceMutation('qr_code_batches', ({ id, format }: { id: string; format: 'csv' | 'pdf' }) =>
    qrBatchesApi.overview<{ url: string }>(
      `${encodeURIComponent(id)}/download_url`,
      `format=${format}`,
    ),
  );
