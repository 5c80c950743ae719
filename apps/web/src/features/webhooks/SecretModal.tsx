import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SecretWithCopy } from '../../ui/SecretWithCopy';

/**
 * An endpoint's signing secret, shown once (after adding the endpoint or rotating its secret):
 * it cannot be read again, so the dialog says so and offers a copy button.
 */
export function SecretModal({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  rotated?: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={rotated ? 'The new signing secret' : 'Webhook added: its signing secret'}
      closeOnClickOutside={false}
      size="lg"
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Copy the secret now">
          This is the only time it is shown. Your receiver uses it to check that each event comes
          from Fieldwork: the <Code>Fieldwork-Signature</Code> header is an HMAC-SHA256 of the
          request body signed with it.
        </Alert>
        {rotated && (
          <Text size="sm">
            Events are signed with this secret from now on; the old one is void.
          </Text>
        )}
        <SecretWithCopy secret={secret ?? ''} testId="webhook-secret" />
        <Group justify="flex-end">
          <Button onClick={onClose}>I have copied the secret</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
