import { KNOWN_BETA_FEATURES, MAX_BETA_FEATURES } from '@fieldwork/contract';
import type { Organisation, OrganisationFeatures } from '@fieldwork/contract';
import { Button, Group, Stack, Switch, TagsInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../ui/forms/server-errors';
import { SettingsSection } from '../settings/SettingsSection';
import { useUpdateOrganisation } from './account-api';
import { optionsOf } from './organisation-options';

type Flag = Exclude<keyof OrganisationFeatures, 'beta_features'>;

const FLAGS: ReadonlyArray<{ key: Flag; label: string; description: string }> = [
  {
    key: 'approvals',
    label: 'Approvals',
    description: 'Job sheets wait for a manager to approve them.',
  },
  {
    key: 'jobs_experience',
    label: 'New jobs experience',
    description: 'Offer the new job screens to members (each can switch in their profile).',
  },
  {
    key: 'use_new_query_api',
    label: 'New query engine',
    description: 'Lists load through the new query interface.',
  },
  {
    key: 'api_management',
    label: 'API management',
    description: 'Admins can create API keys for other systems.',
  },
];

/** The organisation's feature flags (platform §6), saved with PUT /organisation. */
export function FeaturesForm({
  organisation,
  canEdit,
}: {
  organisation: Organisation;
  canEdit: boolean;
}) {
  const saved = optionsOf(organisation).features;
  const [features, setFeatures] = useState<OrganisationFeatures>(saved);
  const [errors, setErrors] = useState(noServerErrors<string>);
  const update = useUpdateOrganisation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors(noServerErrors());
    update.mutate(
      { options: { features } },
      {
        onSuccess: () => notifySuccess('Features saved'),
        onError: (error) => setErrors(serverErrorsFor(error, ['options.features.beta_features'])),
      },
    );
  }

  return (
    <SettingsSection title="Features" description="What this organisation uses of the product.">
      <form onSubmit={submit} noValidate aria-label="Features">
        <Stack>
          <FormErrorAlert message={errors.formError} />
          {FLAGS.map((flag) => (
            <Switch
              key={flag.key}
              label={flag.label}
              description={flag.description}
              checked={features[flag.key]}
              disabled={!canEdit}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFeatures((current) => ({ ...current, [flag.key]: checked }));
              }}
            />
          ))}
          <TagsInput
            label="Beta features"
            description="Early features switched on for this organisation, by name (e.g. clerk_migration)."
            data={[...KNOWN_BETA_FEATURES]}
            value={features.beta_features}
            maxTags={MAX_BETA_FEATURES}
            disabled={!canEdit}
            acceptValueOnBlur
            clearable
            error={errors.fieldErrors['options.features.beta_features']}
            onChange={(beta_features) => setFeatures((current) => ({ ...current, beta_features }))}
          />
          {canEdit && (
            <Group>
              <Button type="submit" loading={update.isPending}>
                Save features
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
