import { ROLE_RANK } from '@fieldwork/contract';
import { declarationOf, stateRules } from '../resource-kit';
import { API_KEY_ROLE, fullPath } from './register';
import type { RouteDef } from './route';

/** One line of docs/permissions.md: who may call one method and path. */
export interface PermissionRow {
  method: string;
  path: string;
  /** public, user, support or organisation. */
  access: string;
  /** Least organisation role, or "-" outside organisations. */
  role: string;
  /** Least role with ?force=true, or "-". */
  force: string;
  owner: string;
  apiKey: string;
  note: string;
}

export function permissionRow(def: RouteDef): PermissionRow {
  const organisation = def.access === 'organisation';
  const role = organisation ? (def.minRole ?? 'OPERATIVE') : '-';
  const apiKeyAllowed =
    organisation &&
    !def.noApiKeys &&
    !def.ownerOnly &&
    ROLE_RANK[API_KEY_ROLE] >= ROLE_RANK[def.minRole ?? 'OPERATIVE'];
  return {
    method: def.method,
    path: fullPath(def).replace(/:(\w+)/g, '{$1}'),
    access: def.supportOnly ? 'support' : def.access,
    role,
    force: def.forceRole ?? '-',
    owner: def.ownerOnly ? 'yes' : '-',
    apiKey: organisation ? (apiKeyAllowed ? 'yes' : 'no') : '-',
    note: def.accessNote ?? '',
  };
}

const COLUMNS: Array<[keyof PermissionRow, string]> = [
  ['method', 'Method'],
  ['path', 'Path'],
  ['access', 'Access'],
  ['role', 'Least role'],
  ['force', '?force=true'],
  ['owner', 'Owner only'],
  ['apiKey', 'API key'],
  ['note', 'Note'],
];

const byPath = (a: PermissionRow, b: PermissionRow) =>
  a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** Each served resource's actions that its records' status or state allows or locks. */
function renderStateRules(routes: RouteDef[]): string {
  const resources = new Map(
    routes.flatMap((def) => {
      const declaration = declarationOf(def);
      return declaration ? [[declaration.name, declaration] as const] : [];
    }),
  );
  const rows = [...resources.values()]
    .flatMap((declaration) =>
      stateRules(declaration).map(([action, rule]) => ({ entity: declaration.name, action, rule })),
    )
    .sort((a, b) => a.entity.localeCompare(b.entity) || a.action.localeCompare(b.action));
  return [
    line(['Entity', 'Action', 'Record state']),
    line(['---', '---', '---']),
    ...rows.map(({ entity, action, rule }) =>
      line([entity, action, rule].map((cell) => cell.replaceAll('|', '\\|'))),
    ),
  ].join('\n');
}

export function renderPermissions(routes: RouteDef[]): string {
  const rows = routes.map(permissionRow).sort(byPath);
  return `# Permissions

Who may call each route. Generated from the route declarations by
\`npm run permissions --workspace apps/server\`; \`test/security/permissions.test.ts\` fails when
this file and the routes disagree, and calls every organisation route as each role to prove the
server enforces the row. The rules are enforced in one place, \`platform/http/register.ts\`.

- **Access**: \`public\` needs no token; \`user\` any signed-in user; \`support\` support staff
  only; \`organisation\` an active member of the organisation in the path (403 \`not_a_member\`
  otherwise), with at least the **least role** (403 \`role_required\`).
- Roles rank ADMIN > MANAGER > OPERATIVE > GUEST. Guests reach only routes whose least role is
  GUEST. Deactivated and deleted members reach nothing in that organisation.
- **Owner only**: the member must also be flagged owner (403 \`owner_required\`).
- **API key**: whether an organisation API key may call it; keys act with the ${API_KEY_ROLE}
  role and never reach owner-only routes or core routes (403 \`api_key_not_allowed\`).
- Per-project permissions (\`can_start_jobs\`, \`can_edit\`) narrow what a member may do inside a
  project on the routes that say so in the note.

${line(COLUMNS.map(([, title]) => title))}
${line(COLUMNS.map(() => '---'))}
${rows.map((row) => line(COLUMNS.map(([key]) => row[key].replaceAll('|', '\\|')))).join('\n')}

## Record state

Actions that a record's status or state allows or locks, whatever the caller's role: a declared
action only **from** the statuses it starts from (422 \`not_allowed_from_status\` otherwise), and
the policy's locks (**nobody** while …). A record's \`permissions\` say false meanwhile.

${renderStateRules(routes)}
`;
}

/** Reads the table back out of permissions.md, so the test can compare it with the routes. */
export function parsePermissions(markdown: string): PermissionRow[] {
  return markdown
    .split('\n')
    .filter((text) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(text))
    .map((text) => {
      const cells = text
        .slice(2, -2)
        .split(/ \| /)
        .map((cell) => cell.replaceAll('\\|', '|').trim());
      const row = Object.fromEntries(COLUMNS.map(([key], index) => [key, cells[index] ?? '']));
      return row as unknown as PermissionRow;
    });
}
