import { describe, expect, it } from 'vitest';
import { rememberOrganisationId, saveRedirectAfterSignIn } from '../session/persisted-session';
import { makeOrganisation } from '../test/fixtures';
import {
  chosenOrganisationPath,
  organisationToAutoload,
  pathAfterSignIn,
} from './organisation-choice';

const first = makeOrganisation({ slug: 'first' });
const second = makeOrganisation({ slug: 'second' });

describe('organisationToAutoload', () => {
  it('picks the remembered organisation while the user is still a member', () => {
    rememberOrganisationId(second.id);
    expect(organisationToAutoload([first, second])).toBe(second);
  });

  it('picks the first organisation otherwise', () => {
    expect(organisationToAutoload([first, second], 'ffffffffffffffffffffffff')).toBe(first);
    expect(organisationToAutoload([first, second], null)).toBe(first);
    expect(organisationToAutoload([], null)).toBeUndefined();
  });
});

describe('chosenOrganisationPath', () => {
  it("goes to the organisation's root (its landing page), or to /organisations when not found", () => {
    expect(chosenOrganisationPath([first, second], second.id)).toBe('/organisations/second');
    expect(chosenOrganisationPath([first], second.id)).toBe('/organisations');
  });
});

describe('pathAfterSignIn', () => {
  it('uses the stored redirect URL once, then auto-selects', () => {
    saveRedirectAfterSignIn('/organisations/first/clients');
    expect(pathAfterSignIn()).toBe('/organisations/first/clients');
    expect(pathAfterSignIn()).toBe('/organisations?autoload=true');
  });
});
