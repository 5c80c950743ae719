import { describe, expect, it } from 'vitest';
import { formsWithoutSheets } from './forms-without-sheets';

const job = { form_ids: ['f1', 'f2', 'f3'], form_names: ['Door check', 'Balcony', 'Sign-off'] };

describe('the forms a job would be completed without', () => {
  it('counts only submitted or approved sheets, as the server’s completion rule does', () => {
    expect(
      formsWithoutSheets(job, [
        { form_id: 'f1', status: 'APPROVED' },
        { form_id: 'f2', status: 'IN_PROGRESS' },
        { form_id: 'f2', status: 'REJECTED' },
        { form_id: 'f3', status: 'SUBMITTED' },
      ]),
    ).toEqual(['Balcony']);
    expect(formsWithoutSheets(job, [])).toEqual(['Door check', 'Balcony', 'Sign-off']);
    expect(formsWithoutSheets({ form_ids: [], form_names: [] }, [])).toEqual([]);
  });
});
