import type { ProjectGuest, ProjectGuestInvite } from '@fieldwork/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconMail,
  IconSend,
  IconUserMinus,
  IconUserPlus,
  IconUserShare,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { confirmDestructive } from '../../../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { formatRelative } from '../../../../ui/format-time';
import { useCancelGuestInvite, useGuests, useResendGuestInvite } from '../../../people';
import { useOwnerPermission } from '../permissions';
import { AddGuestsModal, InviteGuestModal } from './GuestModals';
import { useProjectGuests, useRemoveProjectGuest } from './project-guests-api';

/**
 * Settings › Guests (projects only): people outside the organisation who see this project, and
 * the invitations still open. Whoever may change the project's people (its `manage_members`:
 * managers, and its members who may edit it) adds existing guests and takes guests off it; whoever
 * may invite guests (the organisation's guests list says) invites new ones and handles invites.
 */
export function ProjectGuestsPage({ projectId }: { projectId: string }) {
  const canManage = useOwnerPermission('manage_members');
  const canInvite = useGuests().data?.meta?.permissions?.invite === true;
  const guests = useProjectGuests(projectId);
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);

  const actions = (canManage || canInvite) && (
    <Group gap="xs">
      {canInvite && (
        <Button
          variant="default"
          leftSection={<IconMail size={16} />}
          onClick={() => setInviting(true)}
        >
          Invite by e-mail
        </Button>
      )}
      {canManage && (
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          Add guests
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h4">
            Guests
          </Title>
          <Text size="sm" c="dimmed">
            People outside the organisation, such as clients or consultants, who may see this
            project and nothing else.
          </Text>
        </Stack>
        {actions}
      </Group>
      {guests.isPending ? (
        <Skeleton height={96} radius="md" />
      ) : guests.isError ? (
        <QueryErrorState title="The guests could not be loaded" query={guests} />
      ) : (
        <>
          {guests.data.data.length === 0 ? (
            <ListEmptyState
              icon={<IconUserShare size={32} />}
              title="No guests on this project"
              description={emptyHint(canManage, canInvite)}
            />
          ) : (
            <GuestList projectId={projectId} guests={guests.data.data} canRemove={canManage} />
          )}
          {guests.data.invites.length > 0 && (
            <InviteList invites={guests.data.invites} canChange={canInvite} />
          )}
        </>
      )}
      <AddGuestsModal
        projectId={projectId}
        opened={adding}
        currentIds={guests.data?.data.map((guest) => guest.user_id) ?? []}
        onClose={() => setAdding(false)}
      />
      <InviteGuestModal
        projectId={projectId}
        opened={inviting}
        onClose={() => setInviting(false)}
      />
    </Stack>
  );
}

function emptyHint(canAdd: boolean, canInvite: boolean): string {
  if (canAdd && canInvite)
    return 'Add a guest the organisation already has, or invite someone new by e-mail.';
  if (canAdd) return 'Add a guest the organisation already has.';
  if (canInvite) return 'Invite someone from outside the organisation by e-mail.';
  return 'Nobody outside the organisation sees this project.';
}

function GuestList({
  projectId,
  guests,
  canRemove,
}: {
  projectId: string;
  guests: ProjectGuest[];
  canRemove: boolean;
}) {
  const remove = useRemoveProjectGuest(projectId);
  const confirmRemove = (guest: ProjectGuest) => {
    const name = guest.name || guest.email;
    confirmDestructive({
      title: `Remove ${name}`,
      message: `${name} no longer sees this project. They stay a guest of the organisation and keep their other projects.`,
      confirmLabel: 'Remove from project',
      onConfirm: () =>
        remove.mutate(guest.user_id, {
          onSuccess: () => notifySuccess(`${name} removed from the project`),
          onError: (error) => notifyFailure(`Could not remove ${name}`, error),
        }),
    });
  };
  return (
    <ListPanel title={`Guests (${guests.length})`}>
      {guests.map((guest, index) => (
        <PersonRow
          key={guest.user_id}
          first={index === 0}
          primary={guest.name || guest.email}
          secondary={`${guest.name ? `${guest.email} · ` : ''}added ${formatRelative(guest.created_at)}`}
        >
          {canRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${guest.name || guest.email} from the project`}
              onClick={() => confirmRemove(guest)}
            >
              <IconUserMinus size={18} />
            </ActionIcon>
          )}
        </PersonRow>
      ))}
    </ListPanel>
  );
}

function InviteList({ invites, canChange }: { invites: ProjectGuestInvite[]; canChange: boolean }) {
  const resend = useResendGuestInvite();
  const cancel = useCancelGuestInvite();
  const now = Date.now();
  return (
    <ListPanel title={`Invitations waiting (${invites.length})`}>
      {invites.map((invite, index) => {
        const expired = new Date(invite.expires_at).getTime() < now;
        return (
          <PersonRow
            key={invite.id}
            first={index === 0}
            primary={invite.email}
            secondary={`invited ${formatRelative(invite.created_at)}`}
            badge={
              <Badge size="sm" variant="light" color={expired ? 'red' : 'yellow'}>
                {expired ? 'Expired' : 'Pending'}
              </Badge>
            }
          >
            {canChange && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Resend the invitation to ${invite.email}`}
                  onClick={() =>
                    resend.mutate(invite.id, {
                      onSuccess: () => notifySuccess(`Invitation sent again to ${invite.email}`),
                      onError: (error) => notifyFailure('Could not resend the invitation', error),
                    })
                  }
                >
                  <IconSend size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Cancel the invitation to ${invite.email}`}
                  onClick={() =>
                    confirmDestructive({
                      title: 'Cancel invitation',
                      message: `Cancel the invitation of ${invite.email}? The link in their e-mail stops working, for every project it names.`,
                      confirmLabel: 'Cancel invitation',
                      onConfirm: () =>
                        cancel.mutate(invite.id, {
                          onSuccess: () => notifySuccess(`Invitation of ${invite.email} cancelled`),
                          onError: (error) =>
                            notifyFailure('Could not cancel the invitation', error),
                        }),
                    })
                  }
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            )}
          </PersonRow>
        );
      })}
    </ListPanel>
  );
}

function ListPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {children}
      </Paper>
    </Stack>
  );
}

function PersonRow({
  first,
  primary,
  secondary,
  badge,
  children,
}: {
  first: boolean;
  primary: string;
  secondary: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      px="sm"
      py={8}
      data-testid="person-row"
      style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {primary}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {secondary}
        </Text>
      </Stack>
      {badge}
      {children}
    </Group>
  );
}
