import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

const location = { protocol: 'https:', hostname: 'app.example.test' };

describe('readRuntimeConfig', () => {
  it('uses the injected apiUrl and environment', () => {
    expect(
      readRuntimeConfig({ apiUrl: 'http://localhost:3333/', environment: 'staging' }, location),
    ).toEqual({ apiUrl: 'http://localhost:3333', environment: 'staging' });
  });

  it('falls back to the local backend port of the page host and the local environment', () => {
    expect(readRuntimeConfig(undefined, location)).toEqual({
      apiUrl: 'https://app.example.test:3333',
      environment: 'local',
    });
  });

  it('ignores an unknown environment name', () => {
    expect(readRuntimeConfig({ environment: 'moon' as never }, location).environment).toBe('local');
  });
});
