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
import { click, fill } from '../../test/interact';
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
async function openBuilder(role: Role, change?: (form: FormRecord) => void) {
  const form = makeForm(permissionsFor(role, POLICIES.forms));
  change?.(form);
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
  const router = await renderApp(`/organisations/acme/library/forms/${form.id}`);
  await waitFor(() => expect(textOf()).toContain('Form settings'));
  return { form, router };
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

describe('form builder: saving and leaving', () => {
  it('keeps the preview out of the builder’s form, so its required fields never stop a save', async () => {
    await openBuilder('MANAGER', (form) => {
      const section = form.sections[0]!;
      section.fields = [
        {
          id: makeId(),
          created_at: section.created_at,
          updated_at: section.updated_at,
          form_section_id: section.id,
          name: 'Serial number',
          type: 'TEXT',
          order: 0,
          required: true,
          remember: false,
          large_text: false,
          precision: null,
          capture_time: false,
          default_to_now: false,
          show_in_job_items_table: false,
          enable_filter_for_job_items_table: false,
          pdf_report_visibility: 'ALWAYS',
          options: [],
          has_options: false,
          conditional: null,
          description: null,
          score: null,
          columns: [],
        } as unknown as (typeof section.fields)[number],
      ];
    });
    const save = button('Save form')!;
    const builderForm = document.getElementById(save.getAttribute('form') ?? '');
    expect(builderForm?.tagName).toBe('FORM');
    const preview = document.querySelector('[data-testid="form-preview"]')!;
    expect(builderForm?.contains(preview)).toBe(false);
    // Every required input of the page is the preview's, in a form of its own.
    const required = [...document.querySelectorAll('input[required], textarea[required]')];
    expect(required.length).toBeGreaterThan(0);
    for (const input of required) expect(builderForm?.contains(input)).toBe(false);
  });

  it('creates a new form on its first save only, and goes to its address', async () => {
    const me = makeUser({ name: 'Ada Builder' });
    const created = makeForm(permissionsFor('MANAGER', POLICIES.forms));
    const calls = signedIn(
      makeContext([organisation], {
        user: me,
        memberships: [makeMembership(organisation, me, { role: 'MANAGER' })],
      }),
      (call) =>
        call.method === 'POST' && new URL(call.url).pathname.endsWith('/forms')
          ? jsonResponse({ data: { ...created, name: 'Balcony handover' } }, 201)
          : new URL(call.url).pathname.endsWith(`/forms/${created.id}`)
            ? jsonResponse({ data: { ...created, name: 'Balcony handover' } })
            : errorResponse(404, 'Not Found'),
    );
    const router = await renderApp('/organisations/acme/library/forms/new');
    await waitFor(() => expect(textOf()).toContain('Form settings'));
    const posts = () => calls.filter((call) => call.method === 'POST');
    expect(posts()).toHaveLength(0);
    await fill('Form name', 'Balcony handover');
    await waitFor(() => expect(textOf()).toContain('Unsaved changes'));
    await click('Save form');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/organisations/acme/library/forms/${created.id}`,
      ),
    );
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(posts()[0]!.body as string)).toMatchObject({
      name: 'Balcony handover',
      sections: [],
    });
    await waitFor(() => expect(textOf()).not.toContain('Unsaved changes'));
  });

  it('asks before leaving by a link with unsaved changes, and stays on "Stay"', async () => {
    const { form, router } = await openBuilder('MANAGER');
    await fill('Form name', 'Door check, revised');
    await waitFor(() => expect(textOf()).toContain('Unsaved changes'));
    // The builder's own "Forms" link back to the list.
    await click('Forms');
    await waitFor(() => expect(textOf()).toContain('Leave without saving?'));
    expect(router.state.location.pathname).toBe(`/organisations/acme/library/forms/${form.id}`);
    await click('Stay');
    await waitFor(() => expect(textOf()).not.toContain('Leave without saving?'));
    expect(router.state.location.pathname).toBe(`/organisations/acme/library/forms/${form.id}`);
  });
});
