import type { Level, Site } from '@fieldwork/contract';
import type { StructureBlock } from './structure-api';

/** A site the project's structure stands on, as the site switcher names it. */
export interface StructureSite {
  id: string;
  name: string;
}

/**
 * The sites whose structure the tab can show: the project's own site first, then any other site
 * its blocks stand on (a multi-site project, or blocks left on a site the project moved from).
 */
export function structureSites(
  projectSite: Site | null,
  blocks: readonly StructureBlock[],
): StructureSite[] {
  const sites: StructureSite[] = projectSite
    ? [{ id: projectSite.id, name: projectSite.name }]
    : [];
  for (const block of blocks) {
    if (sites.some((site) => site.id === block.site_id)) continue;
    sites.push({ id: block.site_id, name: block.site?.name ?? 'Another site' });
  }
  return sites;
}

/** The site shown: the one chosen if it still has a place, else the first (the project's own). */
export function shownSiteId(sites: readonly StructureSite[], chosen: string | null): string | null {
  if (chosen && sites.some((site) => site.id === chosen)) return chosen;
  return sites[0]?.id ?? null;
}

/** The blocks on one site, in their order (the server's order within each site). */
export function blocksOn(blocks: readonly StructureBlock[], siteId: string | null) {
  return blocks
    .filter((block) => block.site_id === siteId)
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** A block's name with its site when the project spans several: "Block A (Canal Wharf)". */
export function blockLabel(block: StructureBlock, manySites: boolean): string {
  return manySites && block.site?.name ? `${block.name} (${block.site.name})` : block.name;
}

/** Deleted levels by the block they belong to, each group in level order. */
export function levelsByBlock(levels: readonly Level[]): Map<string, Level[]> {
  const groups = new Map<string, Level[]>();
  for (const level of [...levels].sort((a, b) => a.order - b.order)) {
    groups.set(level.block_id, [...(groups.get(level.block_id) ?? []), level]);
  }
  return groups;
}

/** Ids in `selected` that are still among `available` (a reload may have removed some). */
export function stillSelected(selected: ReadonlySet<string>, available: readonly string[]) {
  return available.filter((id) => selected.has(id));
}
