import type { Location, LocationStatus } from '@fieldwork/contract';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowsMove, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { jobSheetPath } from '../job-sheets';
import { LocationStatusChip } from '../projects';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { GiveQrCode } from './GiveQrCode';
import { LocationPhotos } from './LocationPhotos';

/**
 * The chosen pin's location: its number and reference, its status (changed here), where it is,
 * its job sheets and their photos (thumbnails opening their sheets), and the way to move its pin.
 */
export function LocationPanel({
  location,
  statuses,
  onStatus,
  savingStatus,
  onMovePin,
  moving,
  onClose,
}: {
  location: Location;
  statuses: readonly LocationStatus[];
  onStatus: (statusId: string) => void;
  savingStatus: boolean;
  onMovePin: () => void;
  moving: boolean;
  onClose: () => void;
}) {
  const { slug } = useCurrentOrganisation();
  const canUpdate = location.permissions?.update !== false;
  return (
    <Card withBorder padding="md" aria-label={`Location ${location.number}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Location {location.number}
            </Title>
            {location.reference && (
              <Text size="sm" c="dimmed">
                {location.reference_label}: {location.reference}
              </Text>
            )}
          </Stack>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onClose}
            aria-label="Close the location"
            px={4}
          >
            <IconX size={16} />
          </Button>
        </Group>
        <LocationStatusChip status={location.status} />
        {canUpdate && (
          <Select
            label="Status"
            data={statuses.map((status) => ({ value: status.id, label: status.name }))}
            value={location.status_id}
            onChange={(value) => value && value !== location.status_id && onStatus(value)}
            allowDeselect={false}
            disabled={savingStatus}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
        )}
        <Text size="sm">
          {[location.block?.name, location.level?.name].filter(Boolean).join(' · ') || 'No level'}
          {location.zone ? ` · Zone ${location.zone.name}` : ''}
          {location.specification ? ` · ${location.specification.name}` : ''}
        </Text>
        {location.variation && <Text size="sm">Variation: {location.variation}</Text>}
        {location.qr_code ? (
          <Text size="sm">
            QR code <Badge variant="outline">{location.qr_code.code}</Badge>
          </Text>
        ) : (
          canUpdate && <GiveQrCode key={location.id} location={location} />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Job sheets
          </Text>
          {location.job_sheets.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet
            </Text>
          ) : (
            location.job_sheets.map((sheet) => (
              <Anchor key={sheet.id} component={Link} to={jobSheetPath(slug, sheet.id)} size="sm">
                Job sheet {sheet.number}
              </Anchor>
            ))
          )}
          <LocationPhotos location={location} />
        </Stack>
        {canUpdate && (
          <Button
            variant={moving ? 'filled' : 'default'}
            leftSection={<IconArrowsMove size={16} />}
            onClick={onMovePin}
          >
            {moving ? 'Click the new place… (cancel)' : 'Move pin'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
