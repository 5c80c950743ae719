import { describe, expect, it } from 'vitest';
import { makeSite } from '../../test/fixtures';
import {
  geocodingAddress,
  renameSiteErrors,
  siteFormValues,
  siteInputFrom,
  what3wordsUrl,
} from './site-form';

const site = makeSite({
  id: 'a'.repeat(24),
  name: '1 Riverside Walk',
  name_is_custom: false,
  address_line_1: '1 Riverside Walk',
  postcode: 'LS1 4AP',
  full_address: '1 Riverside Walk, Leeds, LS1 4AP, United Kingdom',
  coordinates: { lat: 53.79, lng: -1.54 },
  what3words: 'filled.count.soap',
});

describe('site form values', () => {
  it('leaves the name empty while it follows the address, and shows what3words with slashes', () => {
    expect(siteFormValues(site)).toMatchObject({
      name: '',
      country: 'GB',
      latitude: '53.79',
      longitude: '-1.54',
      what3words: '///filled.count.soap',
      notes: '',
    });
    expect(siteFormValues({ ...site, name: 'Riverside', name_is_custom: true }).name).toBe(
      'Riverside',
    );
    expect(siteFormValues(undefined, 'IE').country).toBe('IE');
    expect(siteFormValues({ ...site, country: null }, 'IE').country).toBe('');
  });

  it('turns the form into the body, empty fields as null', () => {
    const values = { ...siteFormValues(site), latitude: ' 53.5 ', what3words: 'Index.Home.Raft' };
    expect(siteInputFrom(values)).toEqual({
      errors: null,
      input: {
        name: null,
        address_line_1: '1 Riverside Walk',
        address_line_2: null,
        city: 'Leeds',
        postcode: 'LS1 4AP',
        country: 'GB',
        coordinates: { lat: 53.5, lng: -1.54 },
        what3words: 'index.home.raft',
        notes: null,
      },
    });
  });

  it('finds what the server would refuse before sending', () => {
    const blank = siteFormValues(undefined);
    expect(siteInputFrom({ ...blank, latitude: '91', longitude: 'east' }).errors).toEqual({
      name: 'Give the site a name or an address',
      latitude: 'Latitude is a number between -90 and 90',
      longitude: 'Longitude is a number between -180 and 180',
    });
    expect(siteInputFrom({ ...blank, name: 'Half', latitude: '50' }).errors).toEqual({
      longitude: 'Give both coordinates, or neither',
    });
    expect(siteInputFrom({ ...blank, name: 'W3W', what3words: 'two.words' }).errors).toEqual({
      what3words: 'A what3words address looks like ///filled.count.soap',
    });
    expect(siteInputFrom({ ...blank, city: 'Lyon', country: 'FR' }).errors).toBeNull();
  });

  it('does not take the default country alone for an address (an untouched New site form)', () => {
    const untouched = siteFormValues(undefined, 'GB');
    expect(siteInputFrom(untouched).errors).toEqual({
      name: 'Give the site a name or an address',
    });
  });

  it('names server errors by the form’s fields', () => {
    expect(
      renameSiteErrors([
        { field: 'coordinates.lat', message: 'a', code: 'x' },
        { field: 'coordinates.lng', message: 'b', code: 'x' },
        { field: 'country', message: 'c', code: 'x' },
      ]).map((error) => error.field),
    ).toEqual(['latitude', 'longitude', 'country']);
  });

  it('looks up the address as typed, with the country named', () => {
    expect(geocodingAddress(siteFormValues(site), 'United Kingdom')).toBe(
      '1 Riverside Walk, Leeds, LS1 4AP, United Kingdom',
    );
    expect(geocodingAddress(siteFormValues(undefined), undefined)).toBe('');
    expect(what3wordsUrl('filled.count.soap')).toBe('https://what3words.com/filled.count.soap');
  });
});
