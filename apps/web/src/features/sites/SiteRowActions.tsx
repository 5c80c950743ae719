import type { Site } from '@fieldwork/contract';
import { Menu } from '@mantine/core';
import { IconMap, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { sitePath } from '../../app/library-paths';
import { useDeleteSites, useRestoreSites } from './sites-api';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';

/** A site's menu: open, edit and delete; restore for a deleted one. */
export function SiteRowActions({ site, onEdit }: { site: Site; onEdit: () => void }) {
  const organisation = useCurrentOrganisation();
  const remove = useDeleteSites();
  const restore = useRestoreSites();
  const deleted = site.deleted_at !== null;

  const afterOne = (verb: string) => (outcome: { failed: Array<{ reason: string }> }) => {
    const [failure] = outcome.failed;
    if (failure)
      notifyFailure(`Could not ${verb.toLowerCase()} ${site.name}`, new Error(failure.reason));
    else notifySuccess(`${site.name} ${verb === 'Delete' ? 'deleted' : 'restored'}`);
  };
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete site',
      message: `Delete ${site.name}? It can be restored from "Show deleted".`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate([site.id], {
          onSuccess: afterOne('Delete'),
          onError: (error) => notifyFailure(`Could not delete ${site.name}`, error),
        }),
    });

  return (
    <RowActionsMenu name={site.name}>
      {deleted ? (
        <Menu.Item
          leftSection={<IconRestore size={16} />}
          onClick={() =>
            restore.mutate([site.id], {
              onSuccess: afterOne('Restore'),
              onError: (error) => notifyFailure(`Could not restore ${site.name}`, error),
            })
          }
        >
          Restore
        </Menu.Item>
      ) : (
        <>
          <Menu.Item
            leftSection={<IconMap size={16} />}
            component={Link}
            to={sitePath(organisation.slug, site.id)}
          >
            Open
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            Delete
          </Menu.Item>
        </>
      )}
    </RowActionsMenu>
  );
}
