import type { Site } from '@fieldwork/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../api/errors';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useSiteSearch } from '../project-options-api';
import { useSetProjectSite } from '../projects-api';

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
    <Modal opened={opened} onClose={onClose} title={current ? 'Change site' : 'Set site'}>
      {opened && <SetSiteForm projectId={projectId} current={current} onDone={onClose} />}
    </Modal>
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

  const save = (next: string | null) =>
    setSite.mutate(
      { id: projectId, siteId: next },
      {
        onSuccess: () => {
          notifySuccess(next ? 'Site set' : 'Site removed');
          onDone();
        },
      },
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(chosen?.value ?? null);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={setSite.isError ? errorMessage(setSite.error) : null} />
        <Select
          label="Site"
          placeholder="Search sites by name or address"
          data={data}
          value={chosen?.value ?? null}
          onChange={(value, option) =>
            setChosen(value && option ? { value, label: option.label } : null)
          }
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched already: show what it found.
          filter={({ options }) => options}
          searchable
          clearable
          nothingFoundMessage={sites.isFetching ? 'Searching…' : 'No site matches'}
          error={sites.isError ? errorMessage(sites.error) : null}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          Sites are kept in the Library, with their address and coordinates.
        </Text>
        <Group justify="space-between" gap="sm">
          {current ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => save(null)}
              loading={setSite.isPending}
            >
              Remove site
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={setSite.isPending} disabled={!chosen}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
