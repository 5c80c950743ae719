import type { LocationStatusType } from '@fieldwork/contract';
import type { ViewerDrawing, ViewerLocation, ViewerStatus } from '../pins';

/**
 * Records shaped exactly as field-work §3 describes a location and a drawing (every field, by its
 * spec name), so the tests prove that what the API answers can be handed to the viewer as it is.
 */
export interface SpecLocation extends ViewerLocation {
  created_at: string;
  updated_at: string;
  number: number;
  reference: string | null;
  site: { id: string; name: string } | null;
  block: { id: string; name: string } | null;
  level: { id: string; name: string } | null;
  drawing: { id: string; name: string } | null;
  drawing_id: string | null;
  zone: { id: string; name: string; code: string | null } | null;
  specification: { id: string; name: string; code: string | null } | null;
  qr_code: string | null;
  original_job_sheet_id: string | null;
  variation: string | null;
  status: { id: string; name: string; type: LocationStatusType } | null;
  attribute_values: unknown[];
  job_sheets: unknown[];
  job_sheet_photos: unknown[];
}

export interface SpecDrawing extends ViewerDrawing {
  created_at: string;
  updated_at: string;
  block: { id: string; name: string } | null;
  level: { id: string; name: string };
  order: number;
  file: { url: string; name: string } | null;
  locations?: SpecLocation[];
  location_count: number;
  deleted_at: string | null;
}

const STAMP = '2026-11-29T09:00:00.000Z';
let counter = 0;
const id = () => (++counter).toString(16).padStart(24, '0');

export function drawingRecord(overrides: Partial<SpecDrawing> = {}): SpecDrawing {
  return {
    id: id(),
    created_at: STAMP,
    updated_at: STAMP,
    name: 'Ground floor plan',
    block: { id: id(), name: 'Block A' },
    level: { id: id(), name: 'Ground' },
    width: 4000,
    height: 2000,
    order: 0,
    file: { url: 'https://files.example/drawing.png', name: 'ground.pdf' },
    location_count: 0,
    deleted_at: null,
    ...overrides,
  };
}

export function locationRecord(overrides: Partial<SpecLocation> = {}): SpecLocation {
  return {
    id: id(),
    created_at: STAMP,
    updated_at: STAMP,
    number: 1,
    reference: null,
    site: { id: id(), name: 'Riverside' },
    block: { id: id(), name: 'Block A' },
    level: { id: id(), name: 'Ground' },
    drawing: { id: 'drawing', name: 'Ground floor plan' },
    drawing_id: 'drawing',
    drawing_pos_top: 0.5,
    drawing_pos_left: 0.5,
    zone: null,
    specification: null,
    qr_code: null,
    original_job_sheet_id: null,
    variation: null,
    status: null,
    attribute_values: [],
    job_sheets: [],
    job_sheet_photos: [],
    ...overrides,
  };
}

/** A project's three statuses, as GET /projects/{id}/location_statuses answers them. */
export function statusRecords(): [ViewerStatus, ViewerStatus, ViewerStatus] {
  return [
    { id: id(), name: 'Not started', type: 'PENDING', order: 0, color: 'grey', icon: 'pie-empty' },
    { id: id(), name: 'In progress', type: 'ACTIVE', order: 1, color: 'gold', icon: 'pie-6' },
    { id: id(), name: 'Complete', type: 'COMPLETED', order: 2, color: 'green', icon: 'tick' },
  ];
}

/** n pinned locations spread over the sheet, their statuses in turn. */
export function manyLocations(count: number, statuses: ViewerStatus[]): SpecLocation[] {
  return Array.from({ length: count }, (_, index) => {
    const status = statuses[index % statuses.length];
    return locationRecord({
      id: `loc-${index}`,
      number: index + 1,
      drawing_pos_top: ((index * 7919) % 1000) / 1000,
      drawing_pos_left: ((index * 104729) % 997) / 997,
      status: status ? { id: status.id, name: status.name, type: status.type } : null,
    });
  });
}
