import { describe, expect, it } from 'vitest';
import { addMember, client, createOrganisation, organisationApp } from '../../../test/harness';
import { auditActions } from '../people/people-testing';

const { test, org } = organisationApp('Options Org');

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort();

describe('organisation options', () => {
  it('starts a new organisation with the documented defaults', async () => {
    const response = await org.api.get('/organisation');
    expect(response.status).toBe(200);
    expect(response.body.organisation.options).toEqual({
      currency_code: 'GBP',
      currency: { code: 'GBP', name: 'Pound Sterling', prefix: '£', suffix: '' },
      country: 'GB',
      timezone: 'Europe/London',
      features: {
        approvals: false,
        jobs_experience: false,
        beta_features: [],
        use_new_query_api: false,
        api_management: false,
      },
      settings: {
        project_reference_field_enabled: true,
        location_reference_field_name: null,
        complete_job_without_sheets: 'ALLOW_WITH_NOTE',
      },
      report_options: {
        company_name: null,
        address: null,
        telephone: null,
        email: null,
        show_job_sheet_timestamps: true,
        show_photo_timestamps: true,
        show_emails: false,
      },
      files: { report_logo: null, report_cover_image: null },
    });
  });

  it('PUT /organisation renames and changes options, answering the /me/context shape', async () => {
    const response = await org.api.put('/organisation', {
      name: '  Options Org Renamed ',
      options: {
        currency_code: 'sek',
        country: 'se',
        timezone: 'Europe/Stockholm',
        features: { approvals: true, beta_features: ['clerk_migration', 'clerk_migration'] },
        settings: { location_reference_field_name: 'Plot' },
        report_options: { company_name: 'Options AB', email: 'reports@options.example' },
      },
    });
    expect(response.status).toBe(200);
    const organisation = response.body.organisation;
    expect(organisation).toMatchObject({
      id: org.id,
      _id: org.id,
      slug: org.slug,
      name: 'Options Org Renamed',
      plan: { status: 'TRIAL' },
      preboarding: { completed_at: null },
    });
    expect(organisation.options).toMatchObject({
      currency_code: 'SEK',
      currency: { code: 'SEK', name: 'Swedish Krona', prefix: '', suffix: '\u00a0kr' },
      country: 'SE',
      timezone: 'Europe/Stockholm',
      features: { approvals: true, beta_features: ['clerk_migration'], api_management: false },
      settings: { project_reference_field_enabled: true, location_reference_field_name: 'Plot' },
      report_options: { company_name: 'Options AB', email: 'reports@options.example' },
    });
    const context = await org.owner.api.get('/me/context');
    const inContext = context.body.organisations.find((o: { id: string }) => o.id === org.id);
    expect(inContext).toEqual(organisation);
    expect(await auditActions(test, org.id)).toContain('UPDATE');
  });

  it('keeps what a partial change does not name, and clears texts with null or ""', async () => {
    await org.api.put('/organisation', {
      options: {
        features: { jobs_experience: true },
        report_options: { telephone: '0113 496 0000' },
      },
    });
    const response = await org.api.put('/organisation', {
      options: { report_options: { company_name: null, email: '' } },
    });
    expect(response.status).toBe(200);
    const { options, name } = response.body.organisation;
    expect(name).toBe('Options Org Renamed');
    expect(options.currency_code).toBe('SEK');
    expect(options.features).toMatchObject({ approvals: true, jobs_experience: true });
    expect(options.report_options).toMatchObject({
      company_name: null,
      email: null,
      telephone: '0113 496 0000',
    });
  });

  it('names every bad field in one 422 and changes nothing', async () => {
    const response = await org.api.put('/organisation', {
      name: '',
      options: {
        currency_code: 'XYZ',
        country: 'QQ',
        timezone: 'Mars/Olympus_Mons',
      },
    });
    expect(response.status).toBe(422);
    expect(fieldsOf(response.body)).toEqual(['name']);
    const references = await org.api.put('/organisation', {
      options: { currency_code: 'XAU', country: 'QQ', timezone: 'Mars/Olympus_Mons' },
    });
    expect(references.status).toBe(422);
    expect(references.body.errors).toEqual([
      expect.objectContaining({ field: 'options.currency_code', code: 'unknown_currency' }),
      expect.objectContaining({ field: 'options.country', code: 'unknown_country' }),
      expect.objectContaining({ field: 'options.timezone', code: 'unknown_timezone' }),
    ]);
    const after = await org.api.get('/organisation');
    expect(after.body.organisation.options).toMatchObject({
      currency_code: 'SEK',
      country: 'SE',
      timezone: 'Europe/Stockholm',
    });
  });

  it('refuses unknown feature keys, bad flags and bad beta feature names', async () => {
    const unknown = await org.api.put('/organisation', {
      options: { features: { approvals: true, time_travel: true } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ field: 'options.features.time_travel', code: 'unknown_field' }),
    ]);
    expect(unknown.body.message).toContain('time_travel');
    const bad = await org.api.put('/organisation', {
      options: {
        features: { approvals: 'yes', beta_features: ['Clerk Migration'] },
        settings: { project_reference_field_enabled: 1 },
        report_options: { email: 'not-an-address', show_emails: null },
        colour: 'red',
      },
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toEqual([
      'options.colour',
      'options.features.approvals',
      'options.features.beta_features.0',
      'options.report_options.email',
      'options.report_options.show_emails',
      'options.settings.project_reference_field_enabled',
    ]);
    const tooMany = await org.api.put('/organisation', {
      options: { features: { beta_features: Array.from({ length: 21 }, (_, i) => `beta_${i}`) } },
    });
    expect(fieldsOf(tooMany.body)).toEqual(['options.features.beta_features']);
    const after = await org.api.get('/organisation');
    expect(after.body.organisation.options.features.approvals).toBe(true);
  });

  it('accepts UTC and any zone from GET /timezones', async () => {
    const response = await org.api.put('/organisation', { options: { timezone: 'UTC' } });
    expect(response.body.organisation.options.timezone).toBe('UTC');
    const zones = (await client(test.app).get('/timezones')).body.data as string[];
    const zone = zones.find((name) => name.startsWith('Pacific/'))!;
    const other = await org.api.put('/organisation', { options: { timezone: zone } });
    expect(other.body.organisation.options.timezone).toBe(zone);
  });

  it('PUT /options/report_options and /options/settings change their part only', async () => {
    const report = await org.api.put('/options/report_options', {
      address: '1 Test Street\nLeeds',
      show_photo_timestamps: false,
    });
    expect(report.status).toBe(200);
    expect(report.body.organisation.options.report_options).toMatchObject({
      address: '1 Test Street\nLeeds',
      show_photo_timestamps: false,
      show_job_sheet_timestamps: true,
      telephone: '0113 496 0000',
    });
    const settings = await org.api.put('/options/settings', {
      project_reference_field_enabled: true,
    });
    expect(settings.body.organisation.options.settings).toEqual({
      project_reference_field_enabled: true,
      location_reference_field_name: 'Plot',
      complete_job_without_sheets: 'ALLOW_WITH_NOTE',
    });
    const bad = await org.api.put('/options/settings', {
      colour: 'red',
      location_reference_field_name: 'x'.repeat(101),
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toEqual(['colour', 'location_reference_field_name']);
    const badReport = await org.api.put('/options/report_options', { telephone: 12 });
    expect(fieldsOf(badReport.body)).toEqual(['telephone']);
  });

  it('lets only ADMINs change options; every member may read them', async () => {
    for (const role of ['MANAGER', 'OPERATIVE', 'GUEST'] as const) {
      const member = await addMember(test, org, role);
      for (const [url, body] of [
        ['/organisation', { name: 'Taken over' }],
        ['/options/report_options', { company_name: 'Taken over' }],
        ['/options/settings', { project_reference_field_enabled: false }],
      ] as const) {
        const response = await member.orgApi.put(url, body);
        expect(response.status, `${role} ${url}`).toBe(403);
        expect(response.body.code).toBe('role_required');
      }
      const read = await member.orgApi.get('/organisation');
      expect(read.status).toBe(200);
      expect(read.body.organisation.name).toBe('Options Org Renamed');
    }
    const admin = await addMember(test, org, 'ADMIN');
    const response = await admin.orgApi.put('/organisation', { name: 'Options Org' });
    expect(response.status).toBe(200);
    expect(response.body.organisation.name).toBe('Options Org');
  });

  it('keeps one organisation’s change away from another', async () => {
    const other = await createOrganisation(test.app, 'Untouched Org');
    await org.api.put('/organisation', { options: { currency_code: 'EUR' } });
    const response = await other.api.get('/organisation');
    expect(response.body.organisation.options.currency_code).toBe('GBP');
    const foreign = await org.owner.api.put(`/organisations/${other.id}/organisation`, {
      name: 'Hijacked',
    });
    expect(foreign.status).toBe(403);
  });
});

describe('reference lists', () => {
  it('answers ISO 4217 currencies with symbols placed as their home locale writes them', async () => {
    const response = await client(test.app).get('/currencies');
    expect(response.status).toBe(200);
    const byCode = new Map(
      (response.body.data as Array<{ code: string }>).map((currency) => [currency.code, currency]),
    );
    expect(byCode.size).toBeGreaterThan(140);
    expect(byCode.get('EUR')).toEqual({ code: 'EUR', name: 'Euro', prefix: '€', suffix: '' });
    expect(byCode.get('USD')).toMatchObject({ prefix: '$', suffix: '' });
    expect(byCode.get('PLN')).toMatchObject({ prefix: '', suffix: '\u00a0zł' });
    // funds, metals and test codes are not currencies
    for (const code of ['XAU', 'XTS', 'XXX', 'CHE', 'USN']) expect(byCode.has(code)).toBe(false);
    const codes = [...byCode.keys()];
    expect(codes).toEqual([...codes].sort());
  });

  it('answers ISO 3166-1 countries by name and the accepted time zones', async () => {
    const countries = (await client(test.app).get('/countries')).body.data as Array<{
      code: string;
      name: string;
    }>;
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries).toContainEqual({ code: 'IE', name: 'Ireland' });
    const zones = (await client(test.app).get('/timezones')).body.data as string[];
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('America/New_York');
  });
});
