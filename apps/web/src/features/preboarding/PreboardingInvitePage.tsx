import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { MAX_PREBOARDING_INVITES } from '@fieldwork/contract';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../ui/forms/server-errors';
import { ROLE_OPTIONS } from '../people';
import { inviteBody, newInviteRow, rowsAfterInvite, type InviteRow } from './invite-rows';
import { preboardingPath, questionnairePath } from './preboarding-paths';
import { useSendPreboardingInvites } from './preboarding-api';
import { PreboardingFrame } from './PreboardingFrame';

/**
 * /organisation-setup/{slug}/preboarding/invite: invite colleagues by e-mail with their role.
 * Addresses that cannot be invited (already a member or invited) stay in the list with the
 * reason; the others are gone once invited. Skipping is fine: people can be invited later.
 */
export function PreboardingInvitePage() {
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const send = useSendPreboardingInvites();
  const [rows, setRows] = useState<InviteRow[]>(() => [newInviteRow(), newInviteRow()]);
  const [errors, setErrors] = useState(noServerErrors<string>);
  const [reasons, setReasons] = useState(new Map<number, string>());
  const toComplete = () => void navigate(preboardingPath(organisation.slug, 'complete'));

  function update(key: number, patch: Partial<InviteRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setReasons((current) => {
      const rest = new Map(current);
      rest.delete(key);
      return rest;
    });
    setErrors((current) => ({
      ...current,
      fieldErrors: {
        ...current.fieldErrors,
        [`${key}.email`]: undefined,
        [`${key}.role`]: undefined,
      },
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors(noServerErrors());
    setReasons(new Map());
    const { body, sentRows } = inviteBody(rows);
    // Errors name positions in the sent list (invites.2.email): map them back to their rows.
    const fields = [
      'invites',
      ...sentRows.flatMap((_, index) => [`invites.${index}.email`, `invites.${index}.role`]),
    ];
    send.mutate(body, {
      onError: (error) => {
        const found = serverErrorsFor(error, fields);
        const fieldErrors: Record<string, string | undefined> = {};
        sentRows.forEach((row, index) => {
          fieldErrors[`${row.key}.email`] = found.fieldErrors[`invites.${index}.email`];
          fieldErrors[`${row.key}.role`] = found.fieldErrors[`invites.${index}.role`];
        });
        const listError = found.fieldErrors.invites;
        setErrors({
          fieldErrors,
          formError: [listError, found.formError].filter(Boolean).join(' ') || null,
        });
      },
      onSuccess: ({ invited, failed }) => {
        if (invited.length > 0) {
          notifySuccess(
            invited.length === 1 ? 'Invitation sent' : `${invited.length} invitations sent`,
          );
        }
        if (failed.length === 0) {
          toComplete();
          return;
        }
        const after = rowsAfterInvite(sentRows, failed);
        setRows(after.rows);
        setReasons(after.reasons);
      },
    });
  }

  return (
    <PreboardingFrame
      step="Your team"
      title="Invite your team"
      description={`Each person gets an e-mail with a link to join ${organisation.name}. Invitations last 14 days.`}
    >
      <form onSubmit={submit} noValidate aria-label="Invite your team">
        <Stack gap="md">
          <FormErrorAlert message={errors.formError} />
          {rows.map((row, index) => (
            // On a phone the e-mail takes its own line, the role and remove button the next one.
            <Group key={row.key} align="flex-start" gap="xs">
              <TextInput
                flex={{ base: '1 1 100%', xs: 1 }}
                miw={0}
                type="email"
                label={`Email ${index + 1}`}
                placeholder="name@company.com"
                value={row.email}
                error={reasons.get(row.key) ?? errors.fieldErrors[`${row.key}.email`]}
                onChange={(event) => update(row.key, { email: event.currentTarget.value })}
              />
              <Select
                flex={{ base: 1, xs: '0 0 150px' }}
                label={`Role ${index + 1}`}
                data={ROLE_OPTIONS}
                value={row.role}
                allowDeselect={false}
                error={errors.fieldErrors[`${row.key}.role`]}
                onChange={(value) => value && update(row.key, { role: value })}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                size="lg"
                aria-label={`Remove email ${index + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={rows.length >= MAX_PREBOARDING_INVITES}
              onClick={() => setRows((current) => [...current, newInviteRow()])}
            >
              Add another person
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Admins manage the organisation and billing, managers run projects and people, operatives
            do the work in the field.
          </Text>
          <Group justify="space-between" mt="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => void navigate(questionnairePath(organisation.slug, 'source'))}
            >
              Back
            </Button>
            <Group gap="sm">
              <Button variant="subtle" color="gray" onClick={toComplete}>
                Skip for now
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send invitations
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </PreboardingFrame>
  );
}
