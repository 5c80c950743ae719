import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource';
import type { Device, DevicesAnswer } from '../../../ui/people-types';

/** /me/devices on the core client: the signed-in user's own sessions. */
const devicesApi = resourceApi<Device, never>('devices', { parent: '/me', client: 'core' });

export const DEVICES_QUERY_KEY = ['me', 'devices'] as const;

/** GET /me/devices (core): the signed-in user's active and recently inactive devices. */
export function useDevices() {
  return useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: () => devicesApi.overview<DevicesAnswer>(),
  });
}

/** POST /me/devices/{id}/logout → {device}. */
export function useLogOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      devicesApi.actOn<{ device: Device }>(`${encodeURIComponent(id)}/logout`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY }),
  });
}

/** POST /me/devices/logout_from_all → {logged_out}: every session, this one too. */
export function useLogOutEverywhere() {
  return useMutation({
    mutationFn: () => devicesApi.actOn<{ logged_out: number }>('logout_from_all'),
  });
}
