import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from '../../platform/resource-kit';
import { sheetSceneApp } from '../../../test/fixtures/job-sheets';
import { addMember, createOrganisation } from '../../../test/harness';

const { test, scene } = sheetSceneApp('Text Search Org');

/** A sheet of the operative's with the notes answer given. */
async function sheetWithNotes(notes: string): Promise<{ id: string; number: number }> {
  const created = await scene.operative.orgApi.post('/job_sheets', {
    job_id: scene.jobId,
    form_id: scene.formId,
    field_values: [{ form_field_id: scene.fields.notes, value_string: notes }],
  });
  expect(created.status).toBe(201);
  return created.body.data as { id: string; number: number };
}

const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((row) => row.id);

describe('finding job sheets by their answers (full-text search)', () => {
  it('asks PostgreSQL for every word of the term as a prefix, quoted', () => {
    expect(prefixTsQuery('Corroded  HINGE')).toBe("'corroded':* & 'hinge':*");
    expect(prefixTsQuery("door's & | ! frame:*")).toBe("'door':* & 's':* & 'frame':*");
    expect(prefixTsQuery('Überprüfung L3')).toBe("'überprüfung':* & 'l3':*");
    expect(prefixTsQuery(' -- ')).toBeNull();
  });

  it('filter[search] finds a sheet by its answers’ words (prefixes, all of them), its number or its form', async () => {
    const corroded = await sheetWithNotes('Corroded hinge on the riser cupboard door, level 3');
    const other = await sheetWithNotes('Intumescent strip missing');
    const find = async (term: string) => {
      const answer = await scene.manager.orgApi.get(
        `/job_sheets?filter[search]=${encodeURIComponent(term)}&page=all`,
      );
      expect(answer.status).toBe(200);
      return idsOf(answer.body);
    };
    expect(await find('corrod')).toEqual([corroded.id]);
    expect(await find('riser door')).toEqual([corroded.id]);
    expect(await find('riser strip')).toEqual([]);
    expect(await find('INTUMESCENT')).toEqual([other.id]);
    expect(await find(`#${other.number}`)).toEqual([other.id]);
    expect(await find('banana')).toEqual([]);
    // the form's name finds every sheet of it
    expect(await find('Inspection')).toEqual(expect.arrayContaining([corroded.id, other.id]));

    // the count and the other list calls read the same filter
    const count = await scene.manager.orgApi.get(
      '/job_sheets/experimental/count?filter[search]=corrod',
    );
    expect(count.body).toEqual({ count: 1 });
  });

  it('keeps to what the caller may see: another operative, another organisation', async () => {
    const sheet = await sheetWithNotes('Smoke seal painted over');
    expect(
      idsOf((await scene.operative.orgApi.get('/job_sheets?filter[search]=smoke')).body),
    ).toEqual([sheet.id]);
    const colleague = await addMember(test, scene.org, 'OPERATIVE');
    expect(idsOf((await colleague.orgApi.get('/job_sheets?filter[search]=smoke')).body)).toEqual(
      [],
    );
    const search = await colleague.orgApi.get('/search?term=smoke');
    expect(search.body.jobSheets).toEqual([]);

    const stranger = await createOrganisation(test.app, 'Stranger Search Org');
    expect(idsOf((await stranger.api.get('/job_sheets?filter[search]=smoke')).body)).toEqual([]);
    expect((await stranger.api.get('/search?term=smoke')).body.jobSheets).toEqual([]);
  });

  it('the top search finds sheets by their answers and names them by number and form', async () => {
    const sheet = await sheetWithNotes('Gap around the pipe penetration not fire-stopped');
    const found = await scene.manager.orgApi.get('/search?term=penetration%20pipe');
    expect(found.status).toBe(200);
    expect(found.body.jobSheets).toEqual([
      { id: sheet.id, name: expect.stringMatching(new RegExp(`^#${sheet.number} `)) },
    ]);
    const byNumber = await scene.manager.orgApi.get(`/search?term=%23${sheet.number}`);
    expect(byNumber.body.jobSheets[0].id).toBe(sheet.id);
  });
});
