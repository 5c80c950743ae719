import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  ROLE_RANK,
  withNotificationDefaults,
  type NotificationKind,
} from '@fieldwork/contract';
import { Checkbox, Stack, Switch, Table, Text } from '@mantine/core';
import { currentMembership } from '../../session/session-helpers';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { PageHeader } from '../../ui/PageHeader';
import { SettingsSection } from '../../ui/SettingsSection';
import { useUpdateNotificationPreferences } from './notifications-api';

type Channel = 'email' | 'in_app';
const CHANNELS: ReadonlyArray<{ id: Channel; label: string }> = [
  { id: 'email', label: 'E-mail' },
  { id: 'in_app', label: 'In the app' },
];

/** /settings/notifications: per kind of notice, whether it comes by e-mail and in the app. */
export function NotificationSettingsPage() {
  const organisation = useCurrentOrganisation();
  const membership = currentMembership(useSession());
  const update = useUpdateNotificationPreferences();
  const chosen = withNotificationDefaults(membership.preferences.notifications);

  const pending = (kind: NotificationKind, channel: Channel) =>
    update.isPending ? update.variables.notifications?.[kind]?.[channel] : undefined;
  const manager = ROLE_RANK[membership.role] >= ROLE_RANK.MANAGER;
  const digest =
    (update.isPending ? update.variables.daily_digest : undefined) ??
    membership.preferences.daily_digest === true;

  const change = (kind: NotificationKind, channel: Channel, on: boolean) =>
    update.mutate(
      { organisation_id: organisation.id, notifications: { [kind]: { [channel]: on } } },
      {
        onSuccess: () => notifySuccess('Notification setting saved'),
        onError: (error) => notifyFailure('Could not save the setting', error),
      },
    );

  return (
    <Stack gap="lg">
      <PageHeader title="Notifications" description="Choose what you are told about, and how." />
      <SettingsSection
        title="Tell me when"
        description={<>These apply to you in {organisation.name} only.</>}
      >
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What happens</Table.Th>
                {CHANNELS.map((channel) => (
                  <Table.Th key={channel.id} ta="center" style={{ whiteSpace: 'nowrap' }}>
                    {channel.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Td>{NOTIFICATION_KIND_LABELS[kind]}</Table.Td>
                  {CHANNELS.map((channel) => (
                    <Table.Td key={channel.id}>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${channel.label}`}
                        checked={pending(kind, channel.id) ?? chosen[kind][channel.id]}
                        disabled={update.isPending}
                        onChange={(event) => change(kind, channel.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="sm">
          Changes are saved as you tick them. Every e-mail links straight to the job or job sheet.
        </Text>
      </SettingsSection>
      {manager && (
        <SettingsSection
          title="Daily digest"
          description="One e-mail each morning at 7:00 summing up the day before."
        >
          <Switch
            label="E-mail me a daily digest"
            aria-label="E-mail me a daily digest"
            description="Job sheets submitted, approved and rejected the day before, those waiting for your approval, and today's jobs, each with a link. Nothing is sent on a day with nothing to tell."
            checked={digest}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { organisation_id: organisation.id, daily_digest: event.currentTarget.checked },
                {
                  onSuccess: () => notifySuccess('Daily digest setting saved'),
                  onError: (error) => notifyFailure('Could not save the setting', error),
                },
              )
            }
          />
        </SettingsSection>
      )}
    </Stack>
  );
}
