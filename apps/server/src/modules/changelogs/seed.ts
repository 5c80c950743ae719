import type { Queryable } from '../../platform/db/queryable';
import { newId } from '../../platform/ids';

/** Any constant shared by every process: two API processes starting together seed once. */
const SEED_LOCK = 727_302;

interface Entry {
  title: string;
  date: string;
  icon: string;
  tag: string;
  content: string;
}

/** What the product really gained, oldest first: each entry names screens that exist. */
export const SEED_CHANGELOGS: Entry[] = [
  {
    title: 'Clients and their contacts in one place',
    date: '2026-09-08',
    icon: 'building',
    tag: 'Feature',
    content: `Keep every client your organisation works for under **Clients**.

- Add contacts to a client with their role, telephone and e-mail, and move a contact to another client when people change jobs.
- Archive clients you no longer work with; they stay searchable with *Show archived*.
- Export the list to CSV for your accounts team.`,
  },
  {
    title: 'Invite your colleagues by e-mail or with a link',
    date: '2026-09-29',
    icon: 'mail',
    tag: 'Feature',
    content: `Admins can now invite people from **Settings → Members**.

- Invite by e-mail with a role (admin, manager or operative); invitations last 14 days and can be resent.
- Or create an invite link for a role and share it with the whole site team.
- Guests can be invited to specific projects only.`,
  },
  {
    title: 'Teams',
    date: '2026-10-13',
    icon: 'users',
    tag: 'Feature',
    content: `Group members into **teams** under **Settings → Teams**, each with a short name and a team lead.

Add or remove several members at once, and archive teams you no longer need.`,
  },
  {
    title: 'Qualifications with expiry warnings',
    date: '2026-10-27',
    icon: 'certificate',
    tag: 'Feature',
    content: `Record each member's **qualifications** (cards, tickets, certificates) with a reference and an expiry date, and attach scans or photos.

Qualifications expiring within 30 days are marked *Expiring*, and past their date *Expired*, so you can renew them in time. Operatives can keep their own qualifications up to date.`,
  },
  {
    title: 'API keys for your own integrations',
    date: '2026-11-10',
    icon: 'key',
    tag: 'Developers',
    content: `Admins can create **API keys** for an organisation and use them with the same API the app uses.

A key is shown once when it is created; it acts with the manager role, is recorded in the audit trail and stops working as soon as it is deleted.`,
  },
  {
    title: 'See and sign out your devices',
    date: '2026-11-17',
    icon: 'device-mobile',
    tag: 'Security',
    content: `Under **Account → Devices** you can see every browser and phone signed in to your account, when each was last active, and sign out one of them — or all of them at once.

Changing your password now signs out your other devices too.`,
  },
];

/**
 * Seeds the changelogs above, all published, when there are none yet; answers how many. Run it
 * in a transaction of its own (main.ts does, at start-up).
 */
export async function seedChangelogs(tx: Queryable): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
  const { rows } = await tx.query('SELECT 1 FROM changelogs LIMIT 1');
  if (rows.length) return 0;
  for (const entry of SEED_CHANGELOGS) {
    await tx.query(
      `INSERT INTO changelogs (id, title, date, icon, tag, content, status, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PUBLISHED', $3::date)`,
      [newId(), entry.title, entry.date, entry.icon, entry.tag, entry.content],
    );
  }
  return SEED_CHANGELOGS.length;
}
