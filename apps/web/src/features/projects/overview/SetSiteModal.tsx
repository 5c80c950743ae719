import { projectSiteBodySchema } from '@fieldwork/contract';
import type { Site } from '@fieldwork/contract';
import { Button, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { useSiteSearch } from '../project-options-api';
import { useSetProjectSite } from '../projects-api';
import { closeAfter } from '../../../ui/forms/close-after';

interface SiteOption {
  value: string;
  label: string;
}

const siteOption = (site: Site): SiteOption => ({
  value: site.id,
  label:
    site.full_address && site.full_address !== site.name
      ? `${site.name} — ${site.full_address}`
      : site.name,
});

/** Picks the project's site from the organisation's sites (searched on the server). */
export function SetSiteModal({
  opened,
  projectId,
  current,
  onClose,
}: {
  opened: boolean;
  projectId: string;
  current: Site | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={current ? 'Change site' : 'Set site'}>
      <SetSiteForm projectId={projectId} current={current} onDone={onClose} />
    </FormDialog>
  );
}

function SetSiteForm({
  projectId,
  current,
  onDone,
}: {
  projectId: string;
  current: Site | null;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<SiteOption | null>(current && siteOption(current));
  const form = useZodForm(projectSiteBodySchema, { site_id: current?.id ?? null });
  const [search, setSearch] = useState('');
  // Picking an option puts its label in the box: that is not a new search.
  const [debouncedSearch] = useDebouncedValue(search === chosen?.label ? '' : search.trim(), 200);
  const sites = useSiteSearch(debouncedSearch);
  const setSite = useSetProjectSite();

  // The chosen site stays an option while other searches run.
  const data = useMemo(() => {
    const options = (sites.data ?? []).map(siteOption);
    if (chosen && !options.some((option) => option.value === chosen.value)) {
      options.unshift(chosen);
    }
    return options;
  }, [sites.data, chosen]);

  const removeSite = () =>
    setSite.mutate({ id: projectId, siteId: null }, closeAfter('Site removed', onDone, form));

  return (
    <MutationForm
      form={form}
      mutation={setSite}
      variables={({ site_id }) => ({ id: projectId, siteId: site_id })}
      notice={(_, { site_id }) => (site_id ? 'Site set' : 'Site removed')}
      onDone={onDone}
      submitLabel="Save"
      disabled={!chosen}
      secondaryAction={
        current && (
          <Button variant="subtle" color="red" onClick={removeSite} loading={setSite.isPending}>
            Remove site
          </Button>
        )
      }
    >
      <Select
        label="Site"
        placeholder="Search sites by name or address"
        data={data}
        value={chosen?.value ?? null}
        onChange={(value, option) => {
          setChosen(value && option ? { value, label: option.label } : null);
          form.setValue('site_id', value);
        }}
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already: show what it found.
        filter={({ options }) => options}
        searchable
        clearable
        nothingFoundMessage={sites.isFetching ? 'Searching…' : 'No site matches'}
        error={form.errorOf('site_id') ?? (sites.isError ? errorMessage(sites.error) : null)}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="xs" c="dimmed">
        Sites are kept in the Library, with their address and coordinates.
      </Text>
    </MutationForm>
  );
}
