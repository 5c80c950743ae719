import { registerOrganisationBodySchema } from '@fieldwork/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useRegisterOrganisation } from './organisations-api';

export function CreateOrganisationForm() {
  const navigate = useNavigate();
  const registerOrganisation = useRegisterOrganisation();
  const form = useZodForm(registerOrganisationBodySchema, { name: '' });

  const send = (input: { name: string }) =>
    registerOrganisation.mutate(input, {
      onSuccess: (path) => void navigate(path),
      onError: form.capture,
    });

  return (
    <form onSubmit={form.submit(send)} noValidate aria-label="Create organisation">
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Organisation name"
            placeholder="e.g. Northside Surveying Ltd"
            required
            flex="1 1 240px"
            {...form.bind('name')}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconPlus size={16} />}
            loading={registerOrganisation.isPending}
          >
            Create organisation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
