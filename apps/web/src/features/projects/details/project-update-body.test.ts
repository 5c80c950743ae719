import { describe, expect, it } from 'vitest';
import { projectUpdateBody } from './project-update-body';

describe('projectUpdateBody', () => {
  it('trims every detail and clears the emptied ones', () => {
    expect(
      projectUpdateBody({
        name: ' Harbour Wall ',
        reference: '  ',
        client_id: '',
        package: ' Fire stopping ',
        developer: '',
        site_address: '1 Quay Street',
      }),
    ).toEqual({
      name: 'Harbour Wall',
      reference: null,
      client_id: null,
      package: 'Fire stopping',
      developer: null,
      site_address: '1 Quay Street',
    });
  });
});
