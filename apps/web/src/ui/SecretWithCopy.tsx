import { Button, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret shown once (an API key, a webhook's signing secret) beside its Copy button. */
export function SecretWithCopy({ secret, testId }: { secret: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="stretch">
      <Code
        block
        data-testid={testId}
        style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
      >
        {secret}
      </Code>
      <CopyButton value={secret} timeout={2000}>
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
  );
}
