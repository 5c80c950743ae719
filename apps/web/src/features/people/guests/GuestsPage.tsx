import { Badge, Button, Modal, Stack, Tabs } from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../ui/feedback/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import type { Guest } from '../../../ui/people-types';
import { AddToProjectsForm, ChangeToMemberForm, InviteGuestForm } from './GuestForms';
import { GuestInviteList } from './GuestInviteList';
import { GuestList } from './GuestList';
import { useGuests } from './guests-api';

type GuestDialog =
  { kind: 'invite' } | { kind: 'projects'; guest: Guest } | { kind: 'member'; guest: Guest } | null;

/** /settings/guests: people invited into specific projects only. */
export function GuestsPage() {
  const guests = useGuests();
  // What the caller may do, as the server answers it (the list's and each guest's permissions).
  const can = guests.data?.meta?.permissions ?? {};
  const canInvite = can.invite === true;
  const [tab, setTab] = useState<'active' | 'invited'>('active');
  const [dialog, setDialog] = useState<GuestDialog>(null);
  const close = () => setDialog(null);
  const invite = () => setDialog({ kind: 'invite' });
  const data = guests.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Guests"
        description="People outside the organisation, invited into specific projects."
        actions={
          canInvite && (
            <Button leftSection={<IconMailPlus size={16} />} onClick={invite}>
              Invite guest
            </Button>
          )
        }
      />
      {guests.isError && !data ? (
        <ErrorState
          title="Could not load guests"
          error={guests.error}
          onRetry={() => void guests.refetch()}
        />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value === 'invited' ? 'invited' : 'active')}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab
              value="active"

              rightSection={
                data && (
                  <Badge size="sm" variant="light" color="gray" circle={data.active.length < 10}>
                    {data.active.length}
                  </Badge>
                )
              }
            >
              Guests
            </Tabs.Tab>
            <Tabs.Tab
              value="invited"

              rightSection={
                data && (
                  <Badge size="sm" variant="light" color="gray" circle={data.invited.length < 10}>
                    {data.invited.length}
                  </Badge>
                )
              }
            >
              Invited
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active">
            <GuestList
              guests={data?.active}
              canInvite={canInvite}
              hasActions={can.add_to_projects === true || can.change_to_member === true}
              onInvite={invite}
              onOpen={(kind, guest) => setDialog({ kind, guest })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="invited">
            <GuestInviteList invites={data?.invited} canManage={canInvite} onInvite={invite} />
          </Tabs.Panel>
        </Tabs>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog?.kind === 'invite'
            ? 'Invite a guest'
            : dialog?.kind === 'projects'
              ? `Add ${dialog.guest.name || dialog.guest.email} to projects`
              : dialog
                ? `Change ${dialog.guest.name || dialog.guest.email} to a member`
                : ''
        }
      >
        {dialog?.kind === 'invite' && <InviteGuestForm onDone={close} />}
        {dialog?.kind === 'projects' && <AddToProjectsForm guest={dialog.guest} onDone={close} />}
        {dialog?.kind === 'member' && <ChangeToMemberForm guest={dialog.guest} onDone={close} />}
      </Modal>
    </Stack>
  );
}
