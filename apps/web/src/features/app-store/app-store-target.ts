/** Where the mobile app can be had (spec/platform.md §2: the `app-store` page). */
export const APP_STORE_LINKS = {
  ios: 'https://apps.apple.com/app/fieldwork/id6448721590',
  android: 'https://play.google.com/store/apps/details?id=app.fieldwork.mobile',
  website: 'https://fieldwork.app',
} as const;

export type AppStorePlatform = keyof typeof APP_STORE_LINKS;

/** What the browser says about itself: its User-Agent, and how many touch points it has. */
export interface DeviceHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPads since iPadOS 13 say "Macintosh" and differ only here. */
  maxTouchPoints?: number;
}

/**
 * The device's platform. Android comes first: some Android browsers mention "like iPhone" in
 * their User-Agent, while no iOS browser mentions Android. Windows Phone says both and is
 * neither. Everything else (desktops, unknown devices) goes to the website.
 */
export function detectPlatform({ userAgent, maxTouchPoints = 0 }: DeviceHints): AppStorePlatform {
  if (/windows phone/i.test(userAgent)) return 'website';
  if (/android/i.test(userAgent)) return 'android';
  if (/\b(iphone|ipad|ipod)\b/i.test(userAgent)) return 'ios';
  if (/\bmacintosh\b/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'website';
}

/** The address the `app-store` page sends this device to. */
export function appStoreTarget(hints: DeviceHints): string {
  return APP_STORE_LINKS[detectPlatform(hints)];
}
