import type { JobSheetMaterial } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import {
  INPUT_TYPE_OPTIONS,
  materialFormValues,
  materialInputOf,
  materialSummary,
  measuresOf,
} from './material-measures';

const material = (overrides: Partial<JobSheetMaterial>): JobSheetMaterial => ({
  id: 'm1',
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
  job_sheet_id: 's1',
  material_id: null,
  material_name: 'Fire batt',
  material_input_type_key: 'QUANTITY',
  quantity: null,
  width_in_mm: null,
  height_in_mm: null,
  length_in_mm: null,
  diameter_in_mm: null,
  joint_size_in_mm: null,
  linear_metres: null,
  square_metres: null,
  cubic_metres: null,
  rates: [],
  price: null,
  order: 0,
  ...overrides,
});

describe('material measures', () => {
  it('offers every input type of the contract, with the measures each asks for', () => {
    expect(INPUT_TYPE_OPTIONS).toHaveLength(10);
    expect(measuresOf('QUANTITY_AND_DIAMETER')).toEqual(['quantity', 'diameter_in_mm']);
  });

  it('summarises a material in words, with units', () => {
    expect(materialSummary(material({ quantity: 12 }))).toBe('Qty 12');
    expect(
      materialSummary(
        material({
          material_input_type_key: 'QUANTITY_AND_DIAMETER',
          quantity: 3,
          diameter_in_mm: 25,
        }),
      ),
    ).toBe('Qty 3 · diameter 25 mm');
    expect(
      materialSummary(material({ material_input_type_key: 'SQUARE_METRES', square_metres: 2.5 })),
    ).toBe('square metres 2.5 m²');
  });

  it('sends the chosen material without a name, or the typed name without a material', () => {
    const chosen = { ...materialFormValues(), material_id: 'mat1', material_name: 'ignored' };
    expect(materialInputOf({ ...chosen, quantity: 4 })).toMatchObject({
      material_id: 'mat1',
      material_name: null,
      material_input_type_key: 'QUANTITY',
      quantity: 4,
    });
    const typed = { ...materialFormValues(), material_name: '  Sealant ', quantity: 1 };
    expect(materialInputOf(typed)).toMatchObject({ material_id: null, material_name: 'Sealant' });
    expect(materialInputOf(materialFormValues()).material_name).toBeNull();
  });

  it('sends exactly the input type’s measures: others null, empty ones null', () => {
    const values = {
      ...materialFormValues(material({ quantity: 5, linear_metres: 9 })),
      material_input_type_key: 'LINEAR_METRES_AND_JOINT_SIZE' as const,
      joint_size_in_mm: '' as const,
    };
    const input = materialInputOf(values);
    expect(input.linear_metres).toBe(9);
    expect(input.joint_size_in_mm).toBeNull();
    expect(input.quantity).toBeNull();
  });

  it('starts an edit from the record: a chosen material keeps its id, a typed one its name', () => {
    expect(materialFormValues(material({ material_id: 'mat1', quantity: 2 }))).toMatchObject({
      material_id: 'mat1',
      material_name: '',
      quantity: 2,
      width_in_mm: '',
    });
    expect(materialFormValues(material({})).material_name).toBe('Fire batt');
  });
});
