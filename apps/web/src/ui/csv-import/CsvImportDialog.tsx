import { MAX_QUEUED_IMPORT_BYTES, isQueuedImport } from '@fieldwork/contract';
import type { ImportResult, ImportSummary } from '@fieldwork/contract';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, ValidationFailureError, errorMessage } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../feedback/notify';
import { WholeBadge } from '../RecordRow';
import { downloadTemplate, runImport, summariseImport } from './import-api';
import { ImportProgress } from './ImportProgress';
import { canImport, rowCells, rowProblems, summaryHeadline } from './import-summary';

export interface CsvImportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The import kind of field-work §7, e.g. "sites_csv". */
  kind: string;
  title: string;
  /** What a row is: "1 site", "3 sites". */
  noun: (count: number) => string;
  /** What the import's `created` counts when a record is made of several rows ("1 rate set"). */
  resultNoun?: (count: number) => string;
  /** What a row of the file is, when it is not one record. */
  rowsAre?: string;
  /** Another file of the kind to fill the template with (materials_csv's input types). */
  reference?: { label: string; path: string; filename: string };
  /** The kind's options (e.g. project_id), sent as form fields. */
  fields?: Record<string, string>;
  onImported: (result: ImportResult) => void;
}

/** An error's message, with each named problem when the server listed them. */
function problemsOf(error: unknown): string[] {
  return error instanceof ValidationFailureError && error.errors.length
    ? error.errors.map((item) => item.message)
    : [errorMessage(error)];
}

/**
 * Import from CSV in two steps: choose a file and see what each row would do (created, or
 * rejected and why), then import. The import button waits until no row is rejected.
 */
export function CsvImportDialog(props: CsvImportDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl">
      {props.opened && <ImportSteps {...props} />}
    </Modal>
  );
}

function ImportSteps({
  kind,
  noun,
  resultNoun = noun,
  rowsAre = 'One row per record',
  reference,
  fields = {},
  onClose,
  onImported,
}: CsvImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const finish = (result: ImportResult) => {
    notifySuccess(`Imported ${resultNoun(result.created)}`);
    onImported(result);
    onClose();
  };
  const summary = useMutation({
    mutationFn: (chosen: File) => summariseImport(kind, chosen, fields),
  });
  const run = useMutation({
    mutationFn: (chosen: File) => runImport(kind, chosen, fields),
    // a large file is imported on the server's work queue: its progress is polled below
    onSuccess: (answer) => (isQueuedImport(answer) ? setTaskId(answer.task_id) : finish(answer)),
  });
  const template = useMutation({
    mutationFn: (file?: { path: string; filename: string }) => downloadTemplate(kind, file),
    onError: (error) => notifyFailure('Could not get the file', error),
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setTaskId(null);
    run.reset();
    if (chosen) summary.mutate(chosen);
    else summary.reset();
  };
  const checked = summary.data;
  // too large to preview in a request, not too large to import (on the work queue)
  const tooLargeToPreview =
    summary.error instanceof ApiError &&
    summary.error.status === 413 &&
    file !== null &&
    file.size <= MAX_QUEUED_IMPORT_BYTES;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {rowsAre}, with a header row. The template has the columns and an example.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={choose}
          clearable
          flex="1 1 240px"
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={template.isPending && !template.variables}
          onClick={() => template.mutate(undefined)}
        >
          Download template
        </Button>
        {reference && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={template.isPending && template.variables === reference}
            onClick={() => template.mutate(reference)}
          >
            {reference.label}
          </Button>
        )}
      </Group>
      {summary.isPending && <Text size="sm">Checking the file…</Text>}
      {tooLargeToPreview && (
        <Alert color="blue" title="Too large to preview">
          <Text size="sm">
            Every row is still checked when you import: all of them are imported, or none and the
            reasons are listed.
          </Text>
        </Alert>
      )}
      {summary.isError && !tooLargeToPreview && (
        <Alert color="red" title="The file cannot be imported">
          <List size="sm">
            {problemsOf(summary.error).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {checked && !summary.isPending && <SummaryTable summary={checked} noun={noun} />}
      {taskId && <ImportProgress taskId={taskId} noun={noun} onImported={finish} />}
      {run.isError && (
        <Alert color="red" title="Nothing was imported">
          <List size="sm">
            {problemsOf(run.error).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={
            !file ||
            !(canImport(checked) || tooLargeToPreview) ||
            summary.isPending ||
            taskId !== null
          }
          loading={run.isPending}
          onClick={() => file && run.mutate(file)}
        >
          {checked && canImport(checked) ? `Import ${noun(checked.create_count)}` : 'Import'}
        </Button>
      </Group>
    </Stack>
  );
}

function SummaryTable({ summary, noun }: { summary: ImportSummary; noun: (n: number) => string }) {
  const { columns } = summary;
  return (
    <Stack gap="xs" data-testid="import-summary">
      <Group gap="xs">
        <WholeBadge color="green" variant="light">
          {summary.create_count} to create
        </WholeBadge>
        <WholeBadge color={summary.reject_count ? 'red' : 'gray'} variant="light">
          {summary.reject_count} rejected
        </WholeBadge>
      </Group>
      <Text size="sm" fw={500}>
        {summaryHeadline(summary, noun)}
      </Text>
      {summary.warnings.length > 0 && (
        <Alert color="yellow" p="xs">
          <List size="sm">
            {summary.warnings.map((warning) => (
              <List.Item key={warning.column}>{warning.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {summary.rows.length > 0 && (
        <Table.ScrollContainer minWidth={560} maxHeight={360}>
          <Table striped withTableBorder fz="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Result</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.rows.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td miw={96} maw={280}>
                    {row.status === 'create' ? (
                      <WholeBadge size="xs" color="green" variant="light">
                        Create
                      </WholeBadge>
                    ) : (
                      <Stack gap={2}>
                        <WholeBadge size="xs" color="red" variant="light">
                          Reject
                        </WholeBadge>
                        {rowProblems(row, columns).map((problem) => (
                          <Text key={problem} size="xs" c="red">
                            {problem}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  {rowCells(row, columns).map((cell, index) => (
                    <Table.Td key={columns[index]!.key}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
