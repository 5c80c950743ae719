import type { FormRecord, Role } from '@fieldwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLICIES, permissionsFor } from '../../test/answers';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import {
  makeContext,
  makeId,
  makeMembership,
  makeOrganisation,
  makeUser,
} from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });

// The library (with the form builder) is a lazily loaded area inside a lazily loaded unit.
beforeAll(
  () =>
    Promise.all([
      import('../../routes/units/organisation-areas'),
      import('../library/LibraryArea'),
      import('../../ui/all-styles'),
    ]),
  30_000,
);

function makeForm(permissions: Record<string, boolean>): FormRecord {
  const id = makeId();
  return {
    id,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    global: true,
    project_id: null,
    name: 'Door check',
    enforce_required_fields: true,
    operative_declaration_required: false,
    operative_declaration_text: null,
    approval_required: false,
    qr_code_capture_enabled: false,
    qr_code_capture_required: false,
    confirm_location_status_on_submit: false,
    location_section: {} as FormRecord['location_section'],
    location_status_automation: {} as FormRecord['location_status_automation'],
    sections: [
      {
        id: makeId(),
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        form_id: id,
        name: 'Door',
        order: 0,
        fields: [],
      },
    ],
    archived_at: null,
    project_template_count: 0,
    in_use: false,
    permissions,
  };
}

/** Opens the builder of a form the server answers with what `role` may do with it. */
async function openBuilder(role: Role) {
  const form = makeForm(permissionsFor(role, POLICIES.forms));
  const me = makeUser({ name: 'Ada Builder' });
  signedIn(
    makeContext([organisation], {
      user: me,
      memberships: [makeMembership(organisation, me, { role, owner: role === 'ADMIN' })],
    }),
    (call) =>
      new URL(call.url).pathname.endsWith(`/forms/${form.id}`)
        ? jsonResponse({ data: form })
        : errorResponse(404, 'Not Found'),
  );
  await renderApp(`/organisations/acme/library/forms/${form.id}`);
  await waitFor(() => expect(textOf()).toContain('Form settings'));
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((item) => item.textContent?.trim() === name);
const nameInput = () =>
  [...document.querySelectorAll<HTMLInputElement>('input')].find(
    (input) => input.value === 'Door check',
  );

describe('form builder', () => {
  it('lets someone whose form says update change it', async () => {
    await openBuilder('MANAGER');
    expect(button('Save form')).toBeDefined();
    expect(button('Add section')).toBeDefined();
    expect(nameInput()?.disabled).toBe(false);
  });

  it('shows someone the form does not let update what it holds, without ways to change it', async () => {
    await openBuilder('OPERATIVE');
    expect(button('Save form')).toBeUndefined();
    expect(button('Add section')).toBeUndefined();
    expect(document.querySelector('[aria-label^="Delete section"]')).toBeNull();
    expect(nameInput()?.disabled).toBe(true);
  });
});
