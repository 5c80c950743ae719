import { impersonationTokenBodySchema } from '@fieldwork/contract';
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { IMPERSONATE_PATH, ORGANISATIONS_PATH, tokenPath } from '../../app/paths';
import { SignedInUserMenu } from '../../app/SignedInUserMenu';
import { useSession } from '../../session/use-session';
import { SimpleLayout } from '../../ui/app-shell/SimpleLayout';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useCreateImpersonationLink } from './support-api';
import type { ImpersonationLink } from './support-api';
import { FormActions } from '../../ui/forms/FormActions';

/** /support: support staff create a single-use link to act as a user. */
export function SupportPage() {
  const { support } = useSession();
  return (
    <SimpleLayout headerRight={<SignedInUserMenu />}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Support</Title>
          <Text c="dimmed">Open the app as a user to see what they see.</Text>
        </Stack>
        {support ? <ImpersonationLinkForm /> : <NotSupportStaff />}
      </Stack>
    </SimpleLayout>
  );
}

function NotSupportStaff() {
  return (
    <Alert color="gray" icon={<IconLock size={18} />} title="For support staff only">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Your account cannot impersonate users.</Text>
        <Anchor component={Link} to={ORGANISATIONS_PATH} size="sm">
          Go to your organisations
        </Anchor>
      </Stack>
    </Alert>
  );
}

function ImpersonationLinkForm() {
  const form = useZodForm(impersonationTokenBodySchema, { email: '' });
  const create = useCreateImpersonationLink();
  const send = ({ email = '' }: { email?: string }) =>
    create.mutate(email, { onError: form.capture });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={3} size="h4">
          Impersonate a user
        </Title>
        <form onSubmit={form.submit(send)} noValidate>
          <Stack>
            <FormErrorAlert message={form.formError} />
            <TextInput
              label="User e-mail"
              type="email"
              placeholder="name@company.com"
              required
              {...form.bind('email')}
            />
            <FormActions submitLabel="Create impersonation link" pending={create.isPending} />
          </Stack>
        </form>
        {create.data && <CreatedLink link={create.data} email={create.variables} />}
      </Stack>
    </Paper>
  );
}

function expiryTime(timestamp: string): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function CreatedLink({ link, email }: { link: ImpersonationLink; email: string }) {
  // The link opens this web app, wherever it is served from.
  const url = `${window.location.origin}${tokenPath(IMPERSONATE_PATH, link.token)}`;
  return (
    <Alert color="blue" title={`Link for ${email}`}>
      <Stack gap="sm">
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <Text size="xs" c="dimmed">
          Works once, until {expiryTime(link.expires_at)}. Open it in a new tab: that tab acts as
          the user until you stop impersonating, and your own session stays in this one.
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            size="xs"
            leftSection={<IconExternalLink size={14} />}
          >
            Open impersonation link
          </Button>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
