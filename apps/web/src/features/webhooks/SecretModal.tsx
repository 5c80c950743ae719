import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

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
        <Group gap="xs" wrap="nowrap" align="stretch">
          <Code
            block
            data-testid="webhook-secret"
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {secret}
          </Code>
          <CopyButton value={secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : 'blue'}
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  style={{ flexShrink: 0, height: 'auto' }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>I have copied the secret</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
