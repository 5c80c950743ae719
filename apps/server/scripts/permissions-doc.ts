import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { allRoutes } from '../src/modules';
import { renderPermissions } from '../src/platform/http/permissions';

const target = fileURLToPath(new URL('../../../docs/permissions.md', import.meta.url));
await writeFile(target, renderPermissions(allRoutes()));
console.log(`wrote ${target}`);
