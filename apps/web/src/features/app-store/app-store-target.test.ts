import { describe, expect, it } from 'vitest';
import { APP_STORE_LINKS, appStoreTarget, detectPlatform } from './app-store-target';

const USER_AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iPadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chromeOnIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
  samsungBrowser:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  macDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  windowsDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0.0.0',
  linuxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
  empty: '',
};

describe('detectPlatform', () => {
  it.each([
    ['iPhone', 0, 'ios'],
    ['iPadOld', 5, 'ios'],
    ['iPadDesktopMode', 5, 'ios'],
    ['iPod', 5, 'ios'],
    ['chromeOnIOS', 5, 'ios'],
    ['androidPhone', 5, 'android'],
    ['androidTablet', 10, 'android'],
    ['samsungBrowser', 5, 'android'],
    ['firefoxAndroid', 5, 'android'],
    ['windowsPhone', 5, 'website'],
    ['macDesktop', 0, 'website'],
    // A Mac with a trackpad reports at most one touch point.
    ['iPadDesktopMode', 1, 'website'],
    ['windowsDesktop', 10, 'website'],
    ['linuxDesktop', 0, 'website'],
    ['empty', 0, 'website'],
  ] as const)('%s with %i touch points → %s', (name, maxTouchPoints, expected) => {
    expect(detectPlatform({ userAgent: USER_AGENTS[name], maxTouchPoints })).toBe(expected);
  });

  it('treats a missing touch point count as none', () => {
    expect(detectPlatform({ userAgent: USER_AGENTS.iPadDesktopMode })).toBe('website');
  });
});

describe('appStoreTarget', () => {
  it('answers the listing of the platform', () => {
    expect(appStoreTarget({ userAgent: USER_AGENTS.androidPhone })).toBe(APP_STORE_LINKS.android);
    expect(appStoreTarget({ userAgent: USER_AGENTS.iPhone })).toBe(APP_STORE_LINKS.ios);
    expect(appStoreTarget({ userAgent: USER_AGENTS.linuxDesktop })).toBe(APP_STORE_LINKS.website);
  });

  it('links to the stores on their own hosts', () => {
    expect(new URL(APP_STORE_LINKS.android).host).toBe('play.google.com');
    expect(new URL(APP_STORE_LINKS.ios).host).toBe('apps.apple.com');
  });
});
