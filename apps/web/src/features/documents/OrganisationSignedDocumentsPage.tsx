import type { SignedDocument } from '@fieldwork/contract';
import { Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useCollectionPermissions } from '../../api/resource-hooks';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { RecordTable, type RecordColumn } from '../../ui/data-table/RecordTable';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { useImmediate } from '../../ui/data-table/use-immediate';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { formatDateTime } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { ProjectFilterSelect } from '../projects';
import { signedDocumentsPath } from './document-paths';
import { signedDocumentsApi, useSignedDocumentList } from './documents-api';
import { ReadAndSignLink, SignedDocumentLine } from './document-pieces';
import { openForSigning, SigningProgress, SwitchBadges } from './signed-document-parts';
import {
  useSignedDocumentListState,
  type SignedDocumentListState,
  type SignedDocumentSortColumn,
} from './use-signed-document-list-state';

/**
 * /organisations/{slug}/signed_documents: every project's signed documents. A manager sees each
 * one's progress, switches and who still has to sign, and goes to its project's page to change
 * them; anyone else the documents they are asked to sign, each with "Read and sign" while it waits.
 */
export function OrganisationSignedDocumentsPage() {
  // Whether the viewer manages (the list's `meta.permissions`) decides the page's first query
  // (whose documents are outstanding), so it is known before the list is asked for.
  const permissions = useCollectionPermissions(signedDocumentsApi);
  if (!permissions.data)
    return (
      <Stack gap="lg">
        <PageHeader title="Signed documents" />
        {permissions.isError ? (
          <QueryErrorState title="Could not load the signed documents" query={permissions} />
        ) : (
          <Loader role="status" aria-label="Loading the signed documents" />
        )}
      </Stack>
    );
  return <SignedDocumentsOfOrganisation manages={permissions.data.update === true} />;
}

function SignedDocumentsOfOrganisation({ manages }: { manages: boolean }) {
  const list = useSignedDocumentListState(manages);
  const documents = useSignedDocumentList(list.query);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Signed documents"
        description={
          manages
            ? 'Every project’s documents to sign, and who has signed them.'
            : 'The documents you are asked to read and sign.'
        }
      />
      <SignedDocumentFilters list={list} manages={manages} />
      <RecordListView
        list={list}
        result={documents}
        plural="signed documents"
        empty={{
          icon: <IconSignature size={32} />,
          title: manages ? 'No signed documents yet' : 'Nothing to sign',
          description: manages
            ? 'Make one from a PDF among a project’s documents.'
            : 'Documents you are asked to sign show here.',
        }}
      >
        {(rows) =>
          manages ? (
            <SignedDocumentsTable rows={rows} list={list} />
          ) : rows === undefined ? (
            <Loader role="status" aria-label="Loading the signed documents" />
          ) : (
            <Stack gap="xs">
              {rows.map((document) => (
                <SignedDocumentLine key={document.id} document={document} />
              ))}
            </Stack>
          )
        }
      </RecordListView>
    </Stack>
  );
}

/** Search, project and "outstanding only" (what the viewer follows: see the list state). */
function SignedDocumentFilters({
  list,
  manages,
}: {
  list: SignedDocumentListState;
  manages: boolean;
}) {
  const [outstanding, setOutstanding] = useImmediate(list.outstanding, list.setOutstanding);
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label="Search by name or reference"
        value={list.search}
        onChange={list.setSearch}
      />
      <ProjectFilterSelect
        value={list.projectId}
        onChange={list.setProjectId}
        w={{ base: '100%', xs: 240 }}
      />
      <Checkbox
        label={manages ? 'Only those still to be signed' : 'Only those I still have to sign'}
        checked={outstanding}
        onChange={(event) => setOutstanding(event.currentTarget.checked)}
        pb={8}
      />
    </Group>
  );
}

/** How many recipients still have to sign it, while it is open for signing (null when not). */
function outstandingText(document: SignedDocument): string | null {
  if (!openForSigning(document)) return null;
  if (document.member_count === 0) return 'Nobody asked';
  return document.pending_count === 0 ? 'All signed' : `${document.pending_count} to sign`;
}

/** How many still have to sign; when they were last reminded. */
function OutstandingCell({ document }: { document: SignedDocument }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{outstandingText(document) ?? '—'}</Text>
      {document.last_requested_at && (
        <Text size="xs" c="dimmed">
          Reminded {formatDateTime(document.last_requested_at)}
        </Text>
      )}
    </Stack>
  );
}

/** The name and reference; on a phone the project, who still has to sign and the switches too. */
function NameCell({ document }: { document: SignedDocument }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {document.name}
      </Text>
      {document.reference && (
        <Text size="xs" c="dimmed">
          {document.reference}
        </Text>
      )}
      <Stack gap={4} hiddenFrom="sm">
        <Text size="xs" c="dimmed">
          {[document.project.name, outstandingText(document)].filter(Boolean).join(' · ')}
        </Text>
        <SwitchBadges document={document} />
      </Stack>
    </Stack>
  );
}

const COLUMNS: RecordColumn<SignedDocument, SignedDocumentSortColumn>[] = [
  { sort: 'name', header: 'Name', cell: (document) => <NameCell document={document} /> },
  { header: 'Project', visibleFrom: 'sm', cell: (document) => document.project.name },
  { header: 'Signed', cell: (document) => <SigningProgress document={document} /> },
  {
    header: 'Outstanding',
    visibleFrom: 'sm',
    cell: (document) => <OutstandingCell document={document} />,
  },
  {
    header: 'Switches',
    visibleFrom: 'sm',
    cell: (document) => <SwitchBadges document={document} />,
  },
];

/**
 * The manager's table: name, project, progress, outstanding, switches; per row "Manage" (the
 * project's signed documents page, where the switches and recipients change) and "Read and sign"
 * when the manager is asked too. Name, progress and the actions fit a phone.
 */
function SignedDocumentsTable({
  rows,
  list,
}: {
  rows: SignedDocument[] | undefined;
  list: SignedDocumentListState;
}) {
  const { slug } = useCurrentOrganisation();
  return (
    <RecordTable
      rows={rows}
      columns={COLUMNS}
      sort={list.sort}
      onSort={list.sortBy}
      minWidth={340}
      actions={(document) => (
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {document.is_outstanding && <ReadAndSignLink document={document} />}
          <Button
            component={Link}
            to={signedDocumentsPath(slug, document.project_id)}
            variant="default"
            size="xs"
            aria-label={`Manage ${document.name}`}
          >
            Manage
          </Button>
        </Group>
      )}
    />
  );
}
