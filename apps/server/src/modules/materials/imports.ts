import type { RouteDef } from '../../platform/http/route';

/** The materials CSV imports (materials_csv, global and project rate set CSVs). */
export const materialImportRoutes = (): RouteDef[] => [];
