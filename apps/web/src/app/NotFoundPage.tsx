import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ORGANISATIONS_PATH } from './paths';

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={420}>
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={ORGANISATIONS_PATH} mt="sm">
          Go to your organisations
        </Button>
      </Stack>
    </Center>
  );
}
