import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import type { Device, DevicesAnswer } from '../../people/people-types';

export const DEVICES_QUERY_KEY = ['me', 'devices'] as const;

/** GET /me/devices (core): the signed-in user's active and recently inactive devices. */
export function useDevices() {
  return useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: () => request<DevicesAnswer>({ method: 'get', url: '/me/devices', client: 'core' }),
  });
}

/** POST /me/devices/{id}/logout → {device}. */
export function useLogOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ device: Device }>({
        method: 'post',
        url: `/me/devices/${encodeURIComponent(id)}/logout`,
        client: 'core',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY }),
  });
}

/** POST /me/devices/logout_from_all → {logged_out}: every session, this one too. */
export function useLogOutEverywhere() {
  return useMutation({
    mutationFn: () =>
      request<{ logged_out: number }>({
        method: 'post',
        url: '/me/devices/logout_from_all',
        client: 'core',
      }),
  });
}
