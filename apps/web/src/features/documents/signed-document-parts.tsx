import type { SignedDocument } from '@fieldwork/contract';
import { Group, Progress, Text } from '@mantine/core';
import { WholeBadge } from '../../ui/RecordRow';

/**
 * The four switches of field-work §4, each with its action on and off, and what a read-only
 * view says of it when off (nothing for the two that are off by default).
 */
export const SWITCHES = [
  {
    label: 'Published',
    offLabel: 'Not published',
    on: 'publish',
    off: 'unpublish',
    value: (d: SignedDocument) => d.published_at !== null,
  },
  {
    label: 'Enabled',
    offLabel: 'Disabled',
    on: 'enable',
    off: 'disable',
    value: (d: SignedDocument) => d.status === 'ACTIVE',
  },
  {
    label: 'Automatic',
    offLabel: null,
    on: 'automate',
    off: 'deautomate',
    value: (d: SignedDocument) => d.is_automatic,
  },
  {
    label: 'Mandatory',
    offLabel: null,
    on: 'mandate',
    off: 'demandate',
    value: (d: SignedDocument) => d.is_mandatory,
  },
] as const;

/** Whether recipients may sign it now: published and enabled. */
export const openForSigning = (document: SignedDocument) =>
  document.published_at !== null && document.status === 'ACTIVE';

/** The switches as badges, read-only: those on, and "Not published" or "Disabled" when off. */
export function SwitchBadges({ document }: { document: SignedDocument }) {
  return (
    <Group gap={4}>
      {SWITCHES.map((entry) => {
        const on = entry.value(document);
        if (!on && !entry.offLabel) return null;
        return (
          <WholeBadge key={entry.label} size="sm" color={on ? 'blue' : 'gray'}>
            {on ? entry.label : entry.offLabel}
          </WholeBadge>
        );
      })}
      {document.is_mandatory && document.prevent_job_sheets && (
        <WholeBadge size="sm" color="orange">
          Stops job sheets
        </WholeBadge>
      )}
    </Group>
  );
}

/** "2 of 3 signed" over a bar (and how many opened it, when asked). */
export function SigningProgress({
  document,
  opened = false,
}: {
  document: SignedDocument;
  opened?: boolean;
}) {
  const percent = Math.round(document.progress * 100);
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {document.completed_count} of {document.member_count} signed
        </Text>
        {opened && (
          <Text size="sm" c="dimmed">
            {document.viewed_count} opened
          </Text>
        )}
      </Group>
      <Progress value={percent} mt={4} aria-label={`${document.name}: ${percent}% signed`} />
    </div>
  );
}
