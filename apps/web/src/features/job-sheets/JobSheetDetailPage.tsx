import type { JobSheet } from '@fieldwork/contract';
import {
  Button,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { ExportReportButton } from '../reports';
import { IconArrowBackUp, IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { formatDateTime } from '../../ui/format-time';
import type { Decision } from './DecisionModal';
import { DecisionTrail } from './DecisionTrail';
import { DuplicatePhotos } from './DuplicatePhotos';
import { PhotoLightbox, type LightboxPhoto } from './PhotoLightbox';
import { SheetScore, TableAnswerView } from './InspectionAnswers';
import { SheetDecisionModal } from './SheetDecisionModal';
import { SheetLifecycleActions } from './SheetLifecycleActions';
import { SheetMaterials } from './SheetMaterials';
import { fillJobSheetPath } from './job-sheet-paths';
import {
  useJobSheet,
  useJobSheetAction,
  useSavePhotoMarkup,
  useUpdatePhotoCaption,
} from './job-sheets-api';
import { displayValue, valuesBySection } from './sheet-display';
import { SheetStatusBadge } from './SheetStatusBadge';

/** /organisations/{slug}/job_sheets/{id}: the answers, photos, decisions and the actions allowed. */
export function JobSheetDetailPage() {
  const { sheetId = '' } = useParams();
  const sheet = useJobSheet(sheetId);
  if (sheet.isError) return <QueryErrorState title="Could not load the job sheet" query={sheet} />;
  if (!sheet.data) return <PageLoader />;
  return <JobSheetDetail sheet={sheet.data} />;
}

function JobSheetDetail({ sheet }: { sheet: JobSheet }) {
  const organisation = useCurrentOrganisation();
  const [lightbox, setLightbox] = useState<number | null>(null);
  const updateCaption = useUpdatePhotoCaption(sheet.id);
  const saveMarkup = useSavePhotoMarkup(sheet.id);
  const photos: LightboxPhoto[] = sheet.field_values.flatMap((value) =>
    value.photos.flatMap((photo) =>
      photo.file
        ? [
            {
              id: photo.id,
              url: photo.file.url,
              caption: value.name,
              note: photo.caption,
              takenAt: photo.taken_at,
              location: photo.location,
              downloadUrl: photo.file.original_url,
              size:
                photo.width && photo.height
                  ? { width: photo.width, height: photo.height }
                  : undefined,
              markup: photo.markup,
            },
          ]
        : [],
    ),
  );
  const photoIndex = new Map(photos.map((photo, index) => [photo.id, index]));

  return (
    <Stack gap="lg" maw={960}>
      <SheetHeader sheet={sheet} slug={organisation.slug} />
      <DuplicatePhotos sheet={sheet} />
      {/* Answers two thirds, the trail one third; on a phone one under the other, each the full
          width (a SimpleGrid item spanning 2 of 1 column made a second, implicit column). */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SheetScore sheet={sheet} />
            {valuesBySection(sheet.field_values).map((section) => (
              <Paper key={section.name} withBorder radius="md" p="md">
                <Title order={2} size="h5" mb="xs">
                  {section.name}
                </Title>
                <Table layout="fixed" verticalSpacing={6}>
                  <Table.Tbody>
                    {section.fields.map((value) =>
                      value.type === 'TABLE' ? (
                        // A table answer takes the whole width: its name above, its rows below.
                        <Table.Tr key={value.id}>
                          <Table.Td colSpan={2} px={0}>
                            <Text size="sm" fw={500} mb={6}>
                              {value.name}
                            </Text>
                            <TableAnswerView value={value} form={sheet.form} />
                          </Table.Td>
                        </Table.Tr>
                      ) : (
                        <Table.Tr key={value.id}>
                          <Table.Th w="40%" fw={500} style={{ verticalAlign: 'top' }}>
                            {value.name}
                          </Table.Th>
                          <Table.Td>
                            {value.type === 'PHOTO' && value.photos.length > 0 ? (
                              <Group gap={6}>
                                {value.photos.map((photo) => (
                                  <UnstyledButton
                                    key={photo.id}
                                    aria-label={`Open photo of ${value.name}`}
                                    onClick={() => setLightbox(photoIndex.get(photo.id) ?? null)}
                                  >
                                    <Image
                                      src={
                                        photo.markup?.thumbnail_url ??
                                        photo.file?.thumbnail_url ??
                                        photo.file?.url ??
                                        ''
                                      }
                                      alt={value.name}
                                      w={72}
                                      h={72}
                                      radius="sm"
                                      fit="cover"
                                      loading="lazy"
                                    />
                                  </UnstyledButton>
                                ))}
                              </Group>
                            ) : value.type === 'SIGNATURE' && value.value_signature ? (
                              <Image
                                src={value.value_signature.url}
                                alt={`Signature of ${value.value_signature.name ?? ''}`}
                                h={60}
                                w="auto"
                                fit="contain"
                              />
                            ) : (
                              <Text
                                size="sm"
                                c={displayValue(value, sheet.form) ? undefined : 'dimmed'}
                              >
                                {displayValue(value, sheet.form) || 'Not answered'}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ),
                    )}
                  </Table.Tbody>
                </Table>
              </Paper>
            ))}
            <SheetMaterials sheet={sheet} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h5" mb="sm">
              Trail
            </Title>
            <DecisionTrail sheetId={sheet.id} />
          </Paper>
        </Grid.Col>
      </Grid>
      <PhotoLightbox
        photos={photos}
        index={lightbox}
        onIndex={setLightbox}
        onClose={() => setLightbox(null)}
        onCaption={sheet.permissions?.update ? updateCaption : undefined}
        onMarkup={sheet.permissions?.update ? saveMarkup : undefined}
      />
    </Stack>
  );
}

function SheetHeader({ sheet, slug }: { sheet: JobSheet; slug: string }) {
  const act = useJobSheetAction(sheet.id);
  const [decision, setDecision] = useState<Decision | null>(null);
  const can = sheet.permissions ?? {};
  const editable = (sheet.status === 'IN_PROGRESS' || sheet.status === 'REJECTED') && can.update;
  // The record's permissions say who may decide; the status says whether there is a decision.
  const deciding = sheet.status === 'SUBMITTED';
  const approvedThisRound = sheet.approvals.some(
    (entry) =>
      entry.decision === 'APPROVED' &&
      entry.approval_batch === sheet.approval_batch &&
      entry.undone_at === null,
  );
  const undo = () =>
    act.mutate(
      { action: 'undo_approval' },
      {
        onSuccess: () => notifySuccess('Approval undone'),
        onError: (error) => notifyFailure('Could not undo the approval', error),
      },
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} size="h2">
              Sheet {sheet.number}
            </Title>
            <SheetStatusBadge status={sheet.status} variant="filled" data-testid="sheet-status" />
          </Group>
          <Text size="sm" c="dimmed">
            {sheet.form_name} · Job {sheet.job_number}
            {sheet.operative_name ? ` · ${sheet.operative_name}` : ''}
            {sheet.submitted_at ? ` · submitted ${formatDateTime(sheet.submitted_at)}` : ''}
          </Text>
          {sheet.current_approval_stage && sheet.status === 'SUBMITTED' && (
            <Text size="sm">
              Waiting at <b>{sheet.current_approval_stage.name}</b> (round {sheet.approval_batch})
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <ExportReportButton
            selection={{ kind: 'job', jobId: sheet.job_id, sheetIds: [sheet.id] }}
            what={`sheet ${sheet.number}`}
          />
          {editable && (
            <Button
              component={Link}
              to={fillJobSheetPath(slug, sheet.id)}
              leftSection={<IconPencil size={16} />}
            >
              {sheet.status === 'REJECTED' ? 'Fix and resubmit' : 'Continue'}
            </Button>
          )}
          {deciding && can.approve && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => setDecision('approve')}
            >
              Approve
            </Button>
          )}
          {deciding && can.reject && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => setDecision('reject')}
            >
              Reject
            </Button>
          )}
          {approvedThisRound && can.undo_approval && (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              loading={act.isPending}
              onClick={undo}
            >
              Undo approval
            </Button>
          )}
          <SheetLifecycleActions sheet={sheet} />
        </Group>
      </Group>
      <SheetDecisionModal sheet={sheet} decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
