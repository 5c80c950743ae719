import type { RecordPermissions } from '@fieldwork/contract';
import { createContext, useContext } from 'react';

/**
 * What the caller may do with the project or template whose settings are open, as the server
 * answers it on the record (`permissions`); provided by OwnerSettingsRoutes. Nothing while the
 * record loads, so no control shows before the server has said.
 */
export const OwnerPermissionsContext = createContext<RecordPermissions | undefined>(undefined);

/** Whether the owner record's `permissions` let the signed-in member take `action` on it. */
export function useOwnerPermission(action: string): boolean {
  return useContext(OwnerPermissionsContext)?.[action] === true;
}

/**
 * Whether the signed-in member may change these settings: the owner record's `update`
 * (the server enforces it, the screens hide what it would refuse). Others read them.
 */
export function useCanEditSettings(): boolean {
  return useOwnerPermission('update');
}
