import { requiredName } from '@fieldwork/contract';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SecretWithCopy } from '../../ui/SecretWithCopy';
import { useState } from 'react';
import { ModalForm } from '../../ui/forms/ModalForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import type { ApiKey } from '../../ui/people-types';
import { useCreateApiKey } from './api-keys-api';
import { NameInput } from '../../ui/forms/NameInput';

/**
 * Names a new key, then shows its secret once: it cannot be read again, so the dialog says so and
 * offers a copy button; closing it forgets the secret.
 */
/** POST /api_keys takes a name (the server's route declares the same). */
const apiKeyNameSchema = z.object({ name: requiredName });

export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<ApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'New API key'}
      closeOnClickOutside={!created}
      size="lg"
    >
      {opened &&
        (created ? (
          <ShowSecret apiKey={created} onDone={close} />
        ) : (
          <NameKeyForm onCreated={setCreated} onCancel={close} />
        ))}
    </Modal>
  );
}

function NameKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: ApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useZodForm(apiKeyNameSchema, { name: '' });

  return (
    <ModalForm
      onSubmit={form.submit((input) =>
        create.mutate(input, { onSuccess: onCreated, onError: form.capture }),
      )}
      formError={form.formError}
      submitLabel="Create key"
      pending={create.isPending}
      onCancel={onCancel}
    >
      <NameInput
        description="What the key is for, e.g. the system that uses it."
        placeholder="e.g. Payroll export"
        {...form.bind('name')}
      />
    </ModalForm>
  );
}

function ShowSecret({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const secret = apiKey.secret ?? '';
  return (
    <Stack>
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Copy the key now">
        This is the only time the key is shown. Store it somewhere safe: if it is lost, delete it
        and create a new one.
      </Alert>
      <Text size="sm">
        <b>{apiKey.name}</b> acts as a manager of this organisation. Send it as{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code>.
      </Text>
      <SecretWithCopy secret={secret} testId="api-key-secret" />
      <Group justify="flex-end">
        <Button onClick={onDone}>I have copied the key</Button>
      </Group>
    </Stack>
  );
}
