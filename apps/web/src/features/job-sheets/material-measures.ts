import {
  MATERIAL_INPUT_FIELDS,
  MATERIAL_INPUT_TYPE_KEYS,
  MATERIAL_MEASURES,
  type JobSheetMaterial,
  type MaterialInputTypeKey,
  type MaterialMeasure,
} from '@fieldwork/contract';

/** How each input type reads in a picker (field-work §3 Materials, the ten keys). */
export const INPUT_TYPE_LABELS: Record<MaterialInputTypeKey, string> = {
  QUANTITY: 'Quantity',
  SQUARE_METRES: 'Square metres',
  QUANTITY_AND_DIAMETER: 'Quantity and diameter',
  LINEAR_METRES_AND_JOINT_SIZE: 'Linear metres and joint size',
  CUBIC_METRES: 'Cubic metres',
  LENGTH_AND_DIAMETER: 'Length and diameter',
  SQUARE_METRES_ALL_SIDES: 'Square metres, all sides',
  SQUARE_METRES_FOUR_SIDES: 'Square metres, four sides',
  LINEAR_METRES: 'Linear metres',
  AVERAGE_SIDE: 'Average side',
};

export const INPUT_TYPE_OPTIONS = MATERIAL_INPUT_TYPE_KEYS.map((key) => ({
  value: key,
  label: INPUT_TYPE_LABELS[key],
}));

/** Each measure's label and unit, as the inputs and the list show them. */
export const MEASURE_LABELS: Record<MaterialMeasure, { label: string; unit: string }> = {
  quantity: { label: 'Quantity', unit: '' },
  width_in_mm: { label: 'Width', unit: 'mm' },
  height_in_mm: { label: 'Height', unit: 'mm' },
  length_in_mm: { label: 'Length', unit: 'mm' },
  diameter_in_mm: { label: 'Diameter', unit: 'mm' },
  joint_size_in_mm: { label: 'Joint size', unit: 'mm' },
  linear_metres: { label: 'Linear metres', unit: 'm' },
  square_metres: { label: 'Square metres', unit: 'm²' },
  cubic_metres: { label: 'Cubic metres', unit: 'm³' },
};

/** The measures an input type asks for (every one required by the server). */
export const measuresOf = (type: MaterialInputTypeKey): MaterialMeasure[] =>
  MATERIAL_INPUT_FIELDS[type];

/** A material's measures in words: "12", "3 × 25 mm diameter", "2.5 m² ". */
export function materialSummary(
  material: Pick<JobSheetMaterial, MaterialMeasure | 'material_input_type_key'>,
): string {
  return measuresOf(material.material_input_type_key)
    .map((measure) => {
      const value = material[measure];
      if (value === null || value === undefined) return null;
      const { label, unit } = MEASURE_LABELS[measure];
      if (measure === 'quantity') return `Qty ${value}`;
      return `${label.toLowerCase()} ${value}${unit ? ` ${unit}` : ''}`;
    })
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** The material form's values, named as the server names them: a measure is '' while empty. */
export type MaterialFormValues = {
  material_id: string;
  material_name: string;
  material_input_type_key: MaterialInputTypeKey;
} & Record<MaterialMeasure, number | ''>;

export function materialFormValues(material?: JobSheetMaterial): MaterialFormValues {
  const measures = Object.fromEntries(
    MATERIAL_MEASURES.map((measure) => [measure, material?.[measure] ?? '']),
  ) as Record<MaterialMeasure, number | ''>;
  return {
    material_id: material?.material_id ?? '',
    material_name: material?.material_id ? '' : (material?.material_name ?? ''),
    material_input_type_key: material?.material_input_type_key ?? 'QUANTITY',
    ...measures,
  };
}

/**
 * The body the server takes: the chosen material (its name is then the server's) or a typed
 * name, the input type, and exactly that type's measures (the others null, as the server refuses
 * a measure the type does not use; an empty one null too, which the server names as required).
 */
export function materialInputOf(values: MaterialFormValues) {
  const wanted = new Set(measuresOf(values.material_input_type_key));
  const measures = Object.fromEntries(
    MATERIAL_MEASURES.map((measure) => {
      const value = values[measure];
      return [measure, wanted.has(measure) && value !== '' ? value : null];
    }),
  ) as Record<MaterialMeasure, number | null>;
  const chosen = values.material_id !== '';
  const typed = values.material_name.trim();
  return {
    material_id: chosen ? values.material_id : null,
    material_name: chosen || typed === '' ? null : typed,
    material_input_type_key: values.material_input_type_key,
    ...measures,
  };
}
