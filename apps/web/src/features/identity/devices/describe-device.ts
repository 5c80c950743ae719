import type { Device } from '../../../ui/people-types';

const MOBILE_SYSTEMS = /ios|ipados|android/i;

/**
 * What to call a device: web sign-ins carry the browser as the model ("Chrome 147") and the
 * platform's vendor as the make; apps send make and model of the phone.
 */
export function describeDevice(device: Device): {
  title: string;
  system: string | null;
  mobile: boolean;
} {
  const config = device.device_config;
  const title = [config?.make, config?.model].filter(Boolean).join(' ') || 'Unknown device';
  const system = [config?.os_name, config?.os_version].filter(Boolean).join(' ') || null;
  const mobile = MOBILE_SYSTEMS.test(config?.os_name ?? '') || device.app_version_code !== null;
  return { title, system, mobile };
}
