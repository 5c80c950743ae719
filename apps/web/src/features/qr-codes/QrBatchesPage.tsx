import type { QrCodeBatch } from '@fieldwork/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { ValidationFailureError } from '../../api/errors';
import { PlainTable } from '../../ui/data-table/PlainTable';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDate } from '../../ui/format';
import { formatDateTime } from '../../ui/format-time';
import {
  useDownloadBatch,
  useGenerateBatch,
  useQrBatches,
  useQrQuota,
  useQrUtilisation,
} from './qr-api';

/**
 * /organisations/{slug}/qr_codes: the organisation's QR label batches: what the plan still
 * allows, how many codes are on locations, a new batch (drawn on the queue, its progress shown),
 * and each batch's CSV and printable label sheet.
 */
export function QrBatchesPage() {
  const batches = useQrBatches();
  return (
    <Stack gap="lg">
      <Title order={1}>QR codes</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <QuotaCard />
        <UtilisationCard />
      </SimpleGrid>
      <GenerateCard />
      {batches.isError && !batches.data ? (
        <QueryErrorState title="Could not load the QR code batches" query={batches} />
      ) : !batches.data ? (
        <Loader role="status" aria-label="Loading the batches" />
      ) : batches.data.length === 0 ? (
        <ListEmptyState
          icon={<IconQrcode size={32} />}
          title="No QR codes yet"
          description="Generate a batch, print its label sheet and stick a label on each location."
        />
      ) : (
        <BatchTable batches={batches.data} />
      )}
    </Stack>
  );
}

function QuotaCard() {
  const quota = useQrQuota();
  return (
    <Card withBorder component="section" aria-label="Quota">
      <Text size="sm" c="dimmed">
        Left this period
      </Text>
      {quota.data ? (
        <>
          <Text size="xl" fw={700}>
            {quota.data.remaining.toLocaleString()} of {quota.data.limit.toLocaleString()}
          </Text>
          <Text size="sm" c="dimmed">
            Renews on {formatDate(quota.data.renewalDate)}
          </Text>
        </>
      ) : quota.isError ? (
        <Text c="red">Could not load the quota</Text>
      ) : (
        <Loader size="sm" />
      )}
    </Card>
  );
}

function UtilisationCard() {
  const use = useQrUtilisation();
  return (
    <Card withBorder component="section" aria-label="Utilisation">
      <Text size="sm" c="dimmed">
        On locations
      </Text>
      {use.data ? (
        <>
          <Text size="xl" fw={700}>
            {use.data.allocated.toLocaleString()} of {use.data.total.toLocaleString()}
          </Text>
          <Text size="sm" c="dimmed">
            {use.data.unallocated.toLocaleString()} free, in {use.data.batches.toLocaleString()}{' '}
            batch{use.data.batches === 1 ? '' : 'es'}
          </Text>
        </>
      ) : use.isError ? (
        <Text c="red">Could not load the utilisation</Text>
      ) : (
        <Loader size="sm" />
      )}
    </Card>
  );
}

function GenerateCard() {
  const [quantity, setQuantity] = useState<number | string>(50);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateBatch();
  const submit = () => {
    setError(null);
    generate.mutate(Number(quantity), {
      onSuccess: () => notifySuccess('The batch is being generated'),
      onError: (failure) => {
        if (failure instanceof ValidationFailureError) {
          setError(failure.errors.map((item) => item.message).join(' ') || failure.message);
        } else notifyFailure('Could not generate the batch', failure);
      },
    });
  };
  return (
    <Card withBorder component="section" aria-label="Generate QR codes">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="How many codes"
          min={1}
          max={1000}
          value={quantity}
          onChange={setQuantity}
          error={error}
          w={180}
        />
        <Button onClick={submit} loading={generate.isPending}>
          Generate
        </Button>
      </Group>
    </Card>
  );
}

function BatchTable({ batches }: { batches: QrCodeBatch[] }) {
  const download = useDownloadBatch();
  const open = (id: string, format: 'csv' | 'pdf') =>
    download.mutate(
      { id, format },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (failure) => notifyFailure('Could not download the batch', failure),
      },
    );
  return (
    <PlainTable
      rows={batches}
      minWidth={640}
      verticalSpacing="xs"
      columns={[
        {
          header: 'Created',
          cell: (batch) => (
            <>
              <Text size="sm">{formatDateTime(batch.created_at)}</Text>
              {batch.created_by_user && (
                <Text size="xs" c="dimmed">
                  by {batch.created_by_user.name}
                </Text>
              )}
            </>
          ),
        },
        { header: 'Codes', cell: (batch) => batch.quantity.toLocaleString() },
        { header: 'On locations', cell: (batch) => batch.allocated_count.toLocaleString() },
        {
          header: 'Downloads',
          cell: (batch) => (
            <>
              <Text size="sm">{batch.download_count}</Text>
              {batch.downloaded_at && (
                <Text size="xs" c="dimmed">
                  last {formatDateTime(batch.downloaded_at)}
                  {batch.downloaded_by_user ? ` by ${batch.downloaded_by_user.name}` : ''}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Files',
          hideHeader: true,
          cell: (batch) =>
            batch.failed_at ? (
              <Badge color="red" variant="light" title={batch.error ?? undefined}>
                Could not generate
              </Badge>
            ) : !batch.generated_at ? (
              <Badge color="blue" variant="light" leftSection={<Loader size={10} />}>
                Generating
              </Badge>
            ) : (
              <Group gap="xs" wrap="nowrap">
                {(['csv', 'pdf'] as const).map((format) => (
                  <Button
                    key={format}
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconDownload size={14} />}
                    onClick={() => open(batch.id, format)}
                    aria-label={`${format === 'csv' ? 'CSV' : 'Labels (PDF)'} of the batch of ${formatDateTime(batch.created_at)}`}
                  >
                    {format === 'csv' ? 'CSV' : 'Labels (PDF)'}
                  </Button>
                ))}
              </Group>
            ),
        },
      ]}
    />
  );
}
