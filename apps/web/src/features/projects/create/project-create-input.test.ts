import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROJECT_CREATE_VALUES,
  missingSourceMessage,
  projectCreateBody,
  sourceField,
} from './project-create-input';
import type { ProjectCreateValues } from './project-create-input';

const ID_A = '0123456789abcdef01234567';
const ID_B = 'abcdefabcdefabcdefabcdef';
const ID_C = 'fedcbafedcbafedcbafedcba';

const values = (changes: Partial<ProjectCreateValues>): ProjectCreateValues => ({
  ...EMPTY_PROJECT_CREATE_VALUES,
  name: 'Harbour Wall',
  ...changes,
});

describe('projectCreateBody', () => {
  it('sends a blank project with the name only when nothing else is given', () => {
    expect(projectCreateBody(values({ reference: '  ', client_id: '' }))).toEqual({
      name: 'Harbour Wall',
    });
  });

  it('trims the details and sends the ones given', () => {
    expect(
      projectCreateBody(
        values({
          name: '  Harbour Wall ',
          reference: ' HW-01 ',
          client_id: ID_A,
          package: 'Fire stopping',
          developer: 'Northwind',
          site_address: '1 Quay Street, Bristol',
        }),
      ),
    ).toEqual({
      name: 'Harbour Wall',
      reference: 'HW-01',
      client_id: ID_A,
      package: 'Fire stopping',
      developer: 'Northwind',
      site_address: '1 Quay Street, Bristol',
    });
  });

  it('sends only the source of the chosen start, never one left behind by switching', () => {
    const chosen = {
      library_project_template_id: ID_A,
      project_template_id: ID_B,
      from_project_id: ID_C,
    };
    expect(projectCreateBody(values({ ...chosen, start: 'blank' }))).toEqual({
      name: 'Harbour Wall',
    });
    expect(projectCreateBody(values({ ...chosen, start: 'template' }))).toEqual({
      name: 'Harbour Wall',
      library_project_template_id: ID_A,
    });
    expect(
      projectCreateBody(values({ ...chosen, start: 'template', template_source: 'organisation' })),
    ).toEqual({ name: 'Harbour Wall', project_template_id: ID_B });
    expect(projectCreateBody(values({ ...chosen, start: 'project' }))).toEqual({
      name: 'Harbour Wall',
      from_project_id: ID_C,
    });
  });
});

describe('the source of a start', () => {
  it('names the field of each start', () => {
    expect(sourceField(values({ start: 'blank' }))).toBeNull();
    expect(sourceField(values({ start: 'template' }))).toBe('library_project_template_id');
    expect(sourceField(values({ start: 'template', template_source: 'organisation' }))).toBe(
      'project_template_id',
    );
    expect(sourceField(values({ start: 'project' }))).toBe('from_project_id');
  });

  it('asks for a choice a start needs', () => {
    expect(missingSourceMessage(values({ start: 'blank' }))).toBeNull();
    expect(missingSourceMessage(values({ start: 'template' }))).toBe('Choose a template');
    expect(missingSourceMessage(values({ start: 'project' }))).toBe('Choose a project to copy');
    expect(missingSourceMessage(values({ start: 'project', from_project_id: ID_C }))).toBeNull();
  });
});
