import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { SIGN_IN_PATH } from '../../../app/paths';
import { endSession } from '../../../app/session/session-lifecycle';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { formatDateTime, formatRelative } from '../../../ui/format-time';
import { PageHeader } from '../../../ui/PageHeader';
import type { Device } from '../../../ui/people-types';
import { describeDevice } from './describe-device';
import { useDevices, useLogOutDevice, useLogOutEverywhere } from './devices-api';

/** /settings/devices: where you are signed in; sign out one device or every one. */
export function DevicesPage() {
  const devices = useDevices();
  const logOutEverywhere = useLogOutEverywhere();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirmLogOutEverywhere = () =>
    confirmDestructive({
      title: 'Log out from all devices',
      message:
        'Every device signed in to your account is signed out, this one included. You will need to sign in again.',
      confirmLabel: 'Log out everywhere',
      onConfirm: () =>
        logOutEverywhere.mutate(undefined, {
          onSuccess: () => {
            endSession();
            queryClient.clear();
            void navigate(SIGN_IN_PATH, { replace: true });
          },
          onError: (error) => notifyFailure('Could not log out from all devices', error),
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Devices"
        description="Browsers and apps signed in to your account."
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={16} />}
            loading={logOutEverywhere.isPending}
            onClick={confirmLogOutEverywhere}
          >
            Log out from all devices
          </Button>
        }
      />
      {devices.isError && !devices.data ? (
        <QueryErrorState title="Could not load your devices" query={devices} />
      ) : (
        <>
          <DeviceSection
            title="Signed in"
            devices={devices.data?.active}
            emptyText="No device is signed in."
          />
          <DeviceSection
            title="Signed out recently"
            devices={devices.data?.inactive}
            emptyText="No device was signed out in the last 90 days."
          />
        </>
      )}
    </Stack>
  );
}

function DeviceSection({
  title,
  devices,
  emptyText,
}: {
  title: string;
  devices: Device[] | undefined;
  emptyText: string;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
        {devices && (
          <Text span c="dimmed" fw={400} size="sm" ml={6}>
            {devices.length}
          </Text>
        )}
      </Title>
      {devices === undefined ? (
        <Paper withBorder radius="md" p="md" aria-hidden>
          <Skeleton height={14} width="40%" mb={8} />
          <Skeleton height={12} width="60%" />
        </Paper>
      ) : devices.length === 0 ? (
        <ListEmptyState
          icon={<IconDeviceDesktop size={32} />}
          title={emptyText}
          description="Each browser or app you sign in with appears here."
        />
      ) : (
        <Paper withBorder radius="md">
          {devices.map((device, index) => (
            <DeviceRow key={device.id} device={device} divided={index > 0} />
          ))}
        </Paper>
      )}
    </Stack>
  );
}

function DeviceRow({ device, divided }: { device: Device; divided: boolean }) {
  const logOut = useLogOutDevice();
  const { title, system, mobile } = describeDevice(device);
  const active = device.logged_out_at === null;
  const Icon = mobile ? IconDeviceMobile : IconDeviceDesktop;
  const lastSeen = device.last_activity_at ?? device.logged_in_at;

  const confirmLogOut = () =>
    confirmDestructive({
      title: 'Log out device',
      message: `Sign out ${title}${system ? ` on ${system}` : ''}? It will have to sign in again.`,
      confirmLabel: 'Log out',
      onConfirm: () =>
        logOut.mutate(device.id, {
          onSuccess: () => notifySuccess(`${title} logged out`),
          onError: (error) => notifyFailure(`Could not log out ${title}`, error),
        }),
    });

  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      p="md"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
      data-testid="device"
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" color={device.current ? 'blue' : 'gray'} size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {title}
              {system && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  · {system}
                </Text>
              )}
            </Text>
            {device.current && (
              <Badge size="xs" variant="filled">
                This device
              </Badge>
            )}
            {device.impersonated && (
              <Badge size="xs" variant="light" color="orange">
                Support access
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {active
              ? lastSeen && (
                  <span title={formatDateTime(lastSeen)}>
                    Last active {formatRelative(lastSeen)}
                  </span>
                )
              : device.logged_out_at && (
                  <span title={formatDateTime(device.logged_out_at)}>
                    Signed out {formatRelative(device.logged_out_at)}
                  </span>
                )}
            {device.logged_in_at && <> · Signed in {formatDateTime(device.logged_in_at)}</>}
            {device.app_version_code && <> · App {device.app_version_code}</>}
          </Text>
        </Stack>
      </Group>
      {active && !device.current && (
        <Button
          size="xs"
          variant="default"
          loading={logOut.isPending}
          onClick={confirmLogOut}
          aria-label={`Log out ${title}`}
          style={{ flexShrink: 0 }}
        >
          Log out
        </Button>
      )}
    </Group>
  );
}
