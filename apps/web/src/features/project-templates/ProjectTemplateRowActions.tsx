import type { ProjectTemplate } from '@fieldwork/contract';
import { Menu } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { projectTemplatesApi, useDuplicateProjectTemplate } from './project-templates-api';
import { projectTemplatePath } from './template-paths';

/** A template's menu: open its settings, and what its `permissions` allow: duplicate, archive or unarchive, delete. */
export function ProjectTemplateRowActions({ template }: { template: ProjectTemplate }) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const duplicate = useDuplicateProjectTemplate();

  const duplicateTemplate = () =>
    duplicate.mutate(
      { id: template.id, name: `${template.name} (copy)` },
      {
        onSuccess: (copy) => notifySuccess(`${copy.name} created`),
        onError: (error) => notifyFailure(`Could not duplicate ${template.name}`, error),
      },
    );

  return (
    <RecordActionsMenu
      record={template}
      api={projectTemplatesApi}
      deleteTitle="Delete template"
      deleteMessage={`Delete ${template.name}? Projects started from it keep their settings. This cannot be undone.`}
      onEdit={() => void navigate(projectTemplatePath(slug, template.id))}
      canForce={false}
    >
      {template.permissions?.duplicate && (
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={duplicateTemplate}>
          Duplicate
        </Menu.Item>
      )}
    </RecordActionsMenu>
  );
}
