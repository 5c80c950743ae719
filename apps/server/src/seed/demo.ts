import type { Platform } from '../platform/services';
import { newId } from '../platform/ids';
import { createUser } from '../modules/identity';
import { registerOrganisation } from '../modules/organisations';
import { seedBillingHistory } from '../modules/billing';
import { seedContext, seedDemoProjects } from '../modules/projects';
import { seedDemoJobs, seedDemoPlansAndVisits } from '../modules/jobs';
import { seedDemoJobSheets } from '../modules/job-sheets';

export const DEMO_EMAIL = 'demo@fieldwork.local';
export const DEMO_PASSWORD = 'demo-password';

/** Colleagues of the demo admin, one per role, and a support user who may impersonate. */
export const DEMO_PEOPLE = [
  { name: 'Mia Manager', email: 'manager@fieldwork.local', role: 'MANAGER' },
  { name: 'Olly Operative', email: 'operative@fieldwork.local', role: 'OPERATIVE' },
  { name: 'Sam Support', email: 'support@fieldwork.local', role: null },
] as const;

/** Owner of a second demo organisation that is subscribed, with an invoice history. */
export const DEMO_BILLING_OWNER = { name: 'Bea Billing', email: 'billing@fieldwork.local' };

const CLIENTS: Array<[string, Array<[string, string, string, string]>]> = [
  [
    'Northgate Developments',
    [['Priya Shah', '020 7946 0011', 'priya.shah@northgate.example', 'Project Director']],
  ],
  [
    'Riverside Housing Association',
    [
      ['Tom Evans', '0161 496 0322', 'tom.evans@riverside.example', 'Asset Manager'],
      ['Ana Costa', '0161 496 0323', 'ana.costa@riverside.example', 'Surveyor'],
    ],
  ],
  [
    'Brightwell Construction',
    [['Marcus Bell', '0113 496 0877', 'marcus@brightwell.example', 'Site Manager']],
  ],
  [
    'Harbour View Hotels',
    [['Chloe Martin', '0117 496 0454', 'chloe.martin@harbourview.example', 'Facilities Lead']],
  ],
  ['Oakfield Schools Trust', []],
];

/** Demo sites with real UK coordinates; projects may be linked to them by name. */
export const DEMO_SITES = [
  {
    name: 'Holbeck Works',
    address_line_1: 'Marshall Street',
    city: 'Leeds',
    postcode: 'LS11 9YJ',
    latitude: 53.7906,
    longitude: -1.5532,
    what3words: null,
    notes: 'Site office by the Water Lane gate. Hard hats and boots past the barrier.',
  },
  {
    name: 'Spinningfields Tower',
    address_line_1: 'Hardman Street',
    city: 'Manchester',
    postcode: 'M3 3EB',
    latitude: 53.4799,
    longitude: -2.2518,
    what3words: null,
    notes: 'Loading bay on Bridge Street; book the hoist a day ahead.',
  },
  {
    name: 'Temple Quay Offices',
    address_line_1: 'Temple Gate',
    city: 'Bristol',
    postcode: 'BS1 6QF',
    latitude: 51.4491,
    longitude: -2.5813,
    what3words: null,
    notes: null,
  },
] as const;

/** Seeds the demo organisation once; answers whether it did. */
export async function seedDemo(platform: Platform): Promise<boolean> {
  const { rows } = await platform.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [
    DEMO_EMAIL,
  ]);
  if (rows.length) return false;
  await platform.db.transaction(async (tx) => {
    const user = await createUser(tx, {
      name: 'Dana Demo',
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    const organisation = await registerOrganisation(tx, user.id, 'Demo Construction Ltd');
    // The demo opens on projects: its preboarding is done, its report options filled in.
    await tx.query(`UPDATE organisations SET preboarding = $2, options = $3 WHERE id = $1`, [
      organisation.id,
      JSON.stringify({ checkpoint: 'complete', completed_at: new Date().toISOString() }),
      JSON.stringify({
        report_options: {
          company_name: 'Demo Construction Ltd',
          address: '1 Riverside Walk, Leeds LS1 4AP',
          telephone: '0113 496 0000',
          email: DEMO_EMAIL,
        },
      }),
    ]);
    const colleagues = new Map<string, string>();
    for (const person of DEMO_PEOPLE) {
      const colleague = await createUser(tx, { ...person, password: DEMO_PASSWORD });
      if (person.role) colleagues.set(person.role, colleague.id);
      if (person.role) {
        await tx.query(
          `INSERT INTO memberships (id, organisation_id, user_id, role) VALUES ($1, $2, $3, $4)`,
          [newId(), organisation.id, colleague.id, person.role],
        );
      } else {
        await tx.query('UPDATE users SET support = true WHERE id = $1', [colleague.id]);
      }
    }
    for (const [name, contacts] of CLIENTS) {
      const clientId = newId();
      await tx.query(
        `INSERT INTO clients (id, organisation_id, owner_id, name, last_activity_at) VALUES ($1, $2, $3, $4, now())`,
        [clientId, organisation.id, user.id, name],
      );
      for (const [contactName, telephone, email, role] of contacts) {
        await tx.query(
          `INSERT INTO contacts (id, organisation_id, client_id, name, telephone, email, role) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [newId(), organisation.id, clientId, contactName, telephone, email, role],
        );
      }
    }
    for (const site of DEMO_SITES) {
      await tx.query(
        `INSERT INTO sites (id, organisation_id, name, name_is_custom, address_line_1, city, postcode,
                            country_iso_code, latitude, longitude, what3words, notes)
         VALUES ($1, $2, $3, true, $4, $5, $6, 'GB', $7, $8, $9, $10)`,
        [
          newId(),
          organisation.id,
          site.name,
          site.address_line_1,
          site.city,
          site.postcode,
          site.latitude,
          site.longitude,
          site.what3words,
          site.notes,
        ],
      );
    }
    // Materials, rate sets, forms and projects of the clients above, on the demo sites
    const ctx = seedContext(tx, platform, organisation.id, user);
    const people = {
      managerId: colleagues.get('MANAGER')!,
      operativeId: colleagues.get('OPERATIVE')!,
    };
    await seedDemoProjects(ctx, people);
    // A week of jobs on those projects, in every status (the jobs page and board)
    await seedDemoJobs(ctx, people);
    // Today's and tomorrow's daily job plans, and a visit holding two of the Holbeck jobs
    await seedDemoPlansAndVisits(ctx, people);
    // Job sheets on those jobs: in progress, awaiting approval, approved and rejected
    await seedDemoJobSheets(ctx, people);
    // The demo organisation stays on its trial; a second one (Dana is an ADMIN there) has a
    // subscription with three months of invoices, a seat change and a credit note.
    const billingOwner = await createUser(tx, { ...DEMO_BILLING_OWNER, password: DEMO_PASSWORD });
    const harbour = await registerOrganisation(tx, billingOwner.id, 'Harbour Surveys Ltd');
    await tx.query(`UPDATE organisations SET preboarding = $2 WHERE id = $1`, [
      harbour.id,
      JSON.stringify({ checkpoint: 'complete', completed_at: new Date().toISOString() }),
    ]);
    await tx.query(
      `INSERT INTO memberships (id, organisation_id, user_id, role) VALUES ($1, $2, $3, 'ADMIN')`,
      [newId(), harbour.id, user.id],
    );
    await seedBillingHistory(tx, harbour.id);
  });
  return true;
}
