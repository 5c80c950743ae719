import { describe, expect, it } from 'vitest';
import { emptyTemplateValues, templateCreateInput } from './template-create-input';

describe('templateCreateInput', () => {
  const values = { ...emptyTemplateValues(), name: 'Fire stopping', description: '  ' };

  it('starts blank with no source, an empty description sent as null', () => {
    expect(templateCreateInput({ ...values, library_project_template_id: 'ignored' })).toEqual({
      input: { name: 'Fire stopping', description: null },
    });
  });

  it('names the one source chosen', () => {
    expect(
      templateCreateInput({
        ...values,
        start: 'library',
        library_project_template_id: 'l1',
        from_project_id: 'p1',
      }),
    ).toEqual({
      input: { name: 'Fire stopping', description: null, library_project_template_id: 'l1' },
    });
    expect(templateCreateInput({ ...values, start: 'project', from_project_id: 'p1' })).toEqual({
      input: { name: 'Fire stopping', description: null, from_project_id: 'p1' },
    });
  });

  it('asks for the source when none is chosen', () => {
    expect(templateCreateInput({ ...values, start: 'library' })).toEqual({
      missing: 'library_project_template_id',
    });
    expect(templateCreateInput({ ...values, start: 'project' })).toEqual({
      missing: 'from_project_id',
    });
  });
});
