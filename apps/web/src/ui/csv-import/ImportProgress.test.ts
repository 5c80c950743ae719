import { describe, expect, it } from 'vitest';
import { failureLines } from './ImportProgress';

describe("a queued import's failure", () => {
  it('lists each rejected row of the stored 422 body', () => {
    expect(
      failureLines(
        { status: 422, message: '1 of 700 rows…', errors: [{ message: 'Line 651: no project' }] },
        'x',
      ),
    ).toEqual(['Line 651: no project']);
  });
  it("else the body's message, else the task's error", () => {
    expect(failureLines({ message: 'You may no longer import here.' }, null)).toEqual([
      'You may no longer import here.',
    ]);
    expect(failureLines(null, 'boom')).toEqual(['boom']);
  });
});
