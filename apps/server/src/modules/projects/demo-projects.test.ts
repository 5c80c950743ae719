import { expect, it } from 'vitest';
import { demoApp } from '../../../test/harness';
import { seedDemo } from '../../seed/demo';

const { test, api } = demoApp();

const names = (body: { data: Array<{ name: string }> }) => body.data.map((item) => item.name);

it('seeds projects of the demo clients, from library templates and on demo sites', async () => {
  const projects = await api.get('/projects?sort=name&expand[]=site&expand[]=members');
  expect(names(projects.body)).toEqual([
    'Harbour View fire doors',
    'Holbeck Works fire stopping',
    'Riverside Court snagging',
    'Spinningfields Tower fit-out',
  ]);
  const holbeck = projects.body.data[1];
  expect(holbeck).toMatchObject({
    client_name: 'Northgate Developments',
    owner_name: 'Dana Demo',
    reference: 'NG-101',
    approvals_enabled: true,
    site: { name: 'Holbeck Works' },
    default_rate_sets: [{ id: expect.any(String), name: 'Standard day rates' }],
    metrics: { member_count: 3, guest_count: 0 },
  });
  expect(
    holbeck.members.map((m: { name: string; can_edit: boolean }) => [m.name, m.can_edit]),
  ).toEqual([
    ['Dana Demo', true],
    ['Mia Manager', true],
    ['Olly Operative', false],
  ]);
  const statuses = await api.get(`/projects/${holbeck.id}/location_statuses`);
  expect(names(statuses.body)).toEqual([
    'Not started',
    'Surveyed',
    'Installed',
    'Signed off',
    'Not required',
  ]);
  const materials = await api.get(`/projects/${holbeck.id}/materials`);
  expect(materials.body.data.map((m: { material_name: string }) => m.material_name)).toEqual([
    'Intumescent sealant',
    'Fire collar 110 mm',
    'Mineral wool batt',
  ]);
  const blank = projects.body.data[3];
  expect(
    names(await api.get(`/projects/${blank.id}/location_statuses`).then((r) => r.body)),
  ).toEqual(['Not started', 'In progress', 'Completed', 'Cancelled']);
  expect(projects.body.data[0].members.map((m: { name: string }) => m.name)).toEqual(['Dana Demo']);
});

it('gives the settings pickers materials, rate sets and forms', async () => {
  expect(names((await api.get('/select_options/materials')).body)).toHaveLength(4);
  expect(names((await api.get('/rate_sets?sort=name')).body)).toEqual([
    'Standard day rates',
    'Weekend rates',
  ]);
  const forms = names((await api.get('/forms?page=all')).body);
  expect(forms).toEqual(
    expect.arrayContaining(['Daily site diary', 'Permit to work', 'Snag report']),
  );
});

it('seeds once', async () => {
  expect(await seedDemo(test.platform)).toBe(false);
  expect((await api.get('/projects')).body.meta.total).toBe(4);
});
