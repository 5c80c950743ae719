import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useForm } from '../../ui/forms/use-form';
import { useRegisterOrganisation } from './organisations-api';

export function CreateOrganisationForm() {
  const navigate = useNavigate();
  const registerOrganisation = useRegisterOrganisation();
  const form = useForm({ name: '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    registerOrganisation.mutate(form.values, {
      onSuccess: (path) => void navigate(path),
      onError: form.capture,
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create organisation">
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
