import { Box, Table, Text } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionsTh } from '../../ui/data-table/ActionsTh';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { formatDate } from '../../ui/format';

export interface InviteRow {
  id: string;
  email: string;
  invited_at: string;
  expires_at: string | null;
}

export interface InvitesTableProps<Invite extends InviteRow> {
  invites: Invite[] | undefined;
  /** A column after the e-mail: the role of a member invite, the projects of a guest invite. */
  detail: { label: string; render: (invite: Invite) => ReactNode };
  /** Managers of the list may resend and cancel. */
  canManage: boolean;
  onResend: (invite: Invite) => void;
  onCancel: (invite: Invite) => void;
}

/** Open invitations: who, what for, when sent and until when valid; resend or cancel. */
export function InvitesTable<Invite extends InviteRow>({
  invites,
  detail,
  canManage,
  onResend,
  onCancel,
}: InvitesTableProps<Invite>) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th visibleFrom="sm">{detail.label}</Table.Th>
            <Table.Th visibleFrom="sm">Invited</Table.Th>
            <Table.Th visibleFrom="md">Expires</Table.Th>
            {canManage && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites === undefined ? (
            <SkeletonRows columns={canManage ? 5 : 4} />
          ) : (
            invites.map((invite) => (
              <Table.Tr key={invite.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                    {invite.email}
                  </Text>
                  <Box hiddenFrom="sm" mt={4}>
                    {detail.render(invite)}
                  </Box>
                </Table.Td>
                <Table.Td visibleFrom="sm">{detail.render(invite)}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(invite.invited_at)}</Table.Td>
                <Table.Td visibleFrom="md">
                  {invite.expires_at ? formatDate(invite.expires_at) : '—'}
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <RowActionsMenu
                      name={`the invitation of ${invite.email}`}
                      actions={[
                        {
                          label: 'Resend invitation',
                          icon: <IconMailForward size={16} />,
                          onClick: () => onResend(invite),
                        },
                        {
                          label: 'Cancel invitation',
                          icon: <IconX size={16} />,
                          color: 'red',
                          onClick: () => onCancel(invite),
                        },
                      ]}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
