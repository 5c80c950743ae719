import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { issuesOf, resolveEach, textCell } from './steps';

describe('shared import steps', () => {
  it('reads an optional text cell: absent is null, too long is an issue', () => {
    expect(textCell(3).parse(undefined)).toBeNull();
    expect(textCell(3).parse('abc')).toBe('abc');
    expect(textCell(3).safeParse('abcd').error?.issues[0]?.message).toBe('At most 3 characters');
  });

  it("turns a rule's 422 into row issues, on one column when told, and throws anything else", () => {
    const refuse = () => {
      throw new AppError(422, 'validation_failed', 'Invalid', [
        { field: 'name', message: 'Name is required', code: 'required' },
      ]);
    };
    expect(issuesOf(() => 1)).toEqual([]);
    expect(issuesOf(refuse)).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(issuesOf(refuse, 'attributes')).toEqual([
      { field: 'attributes', message: 'Name is required' },
    ]);
    expect(() =>
      issuesOf(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
  });

  it('resolves each row on its own and writes the inputs of every row at once', async () => {
    const resolution = resolveEach(
      [
        { line: 2, value: 'a' },
        { line: 3, value: '' },
      ],
      (value) =>
        value
          ? { issues: [], shown: { name: value.toUpperCase() }, input: value }
          : { issues: [{ field: 'name', message: 'Empty' }] },
      (inputs) => Promise.resolve(inputs.map((input) => `id-${input}`)),
    );
    expect(resolution.rejections).toEqual(new Map([[3, [{ field: 'name', message: 'Empty' }]]]));
    expect(resolution.data).toEqual(new Map([[2, { name: 'A' }]]));
    expect(await resolution.write()).toEqual(['id-a']);
  });
});
