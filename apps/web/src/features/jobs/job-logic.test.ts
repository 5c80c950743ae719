import { formatCalendarDate, formatDateTime } from '../../ui/format-time';
import type { JobAttribute } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { NO_ATTRIBUTE_VALUES } from '../../test/fixtures';
import {
  attributeValuesInput,
  draftsOf,
  splitAttributeErrors,
} from '../../ui/inputs/attribute-drafts';
import { availableActions, canMoveOnBoard } from './job-transitions';
import { changeLines, timelineTitle } from './timeline-lines';

const attribute = (id: string, type: JobAttribute['type'], options: string[] = []) =>
  ({
    id,
    type,
    name: id,
    options: options.map((name, index) => ({ id: `${id}-o${index}`, name, archived_at: null })),
  }) as unknown as JobAttribute;

describe('job transitions on the web', () => {
  // What the server answers for an AWAITING job to a manager: its permissions weigh the status.
  const awaiting = {
    start_on_web: true,
    complete: false,
    recall: false,
    reschedule: true,
    reassign: true,
    cancel: true,
    unlock: true,
  };
  it("offers what the record's permissions allow, and unlock only on a locked job", () => {
    expect(availableActions({ permissions: awaiting, locked_by_device_id: null })).toEqual([
      'start_on_web',
      'reschedule',
      'reassign',
      'cancel',
    ]);
    expect(availableActions({ permissions: awaiting, locked_by_device_id: 'd' })).toContain(
      'unlock',
    );
    const operative = { ...awaiting, reschedule: false, reassign: false, cancel: false };
    expect(availableActions({ permissions: operative, locked_by_device_id: null })).toEqual([
      'start_on_web',
    ]);
    expect(canMoveOnBoard({ permissions: operative, locked_by_device_id: null })).toBe(false);
    expect(canMoveOnBoard({ permissions: undefined, locked_by_device_id: null })).toBe(false);
  });
});

describe('job attribute values in the form', () => {
  const attributes = [
    attribute('text', 'TEXT'),
    attribute('count', 'NUMBER'),
    attribute('ok', 'BOOLEAN'),
    attribute('due', 'DATE'),
    attribute('size', 'SELECT', ['Small', 'Large']),
    attribute('tags', 'MULTI_SELECT', ['Red', 'Blue']),
  ];

  it('sends each filled value in the value_* its type takes, skipping empty ones', () => {
    const { values, attributeAt } = attributeValuesInput(attributes, {
      text: '',
      count: 3,
      ok: false,
      due: '2026-03-02',
      size: 'size-o1',
      tags: [],
    });
    expect(values).toEqual([
      { attribute_id: 'count', value_number: 3 },
      { attribute_id: 'ok', value_boolean: false },
      { attribute_id: 'due', value_date: '2026-03-02' },
      { attribute_id: 'size', value_option: 'size-o1' },
    ]);
    expect(attributeAt).toEqual(['count', 'ok', 'due', 'size']);
  });

  it('reads stored values back, choices by id or by name', () => {
    const stored = [
      { attribute_id: 'size', value_option: 'Large' },
      { attribute_id: 'tags', value_options: ['tags-o0', 'Blue'] },
      { attribute_id: 'due', value_date: '2026-03-02T00:00:00.000Z' },
    ].map((value) => ({
      name: '',
      type: '',
      ...NO_ATTRIBUTE_VALUES,
      ...value,
    }));
    expect(draftsOf(attributes, stored)).toEqual({
      size: 'size-o1',
      tags: ['tags-o0', 'tags-o1'],
      due: '2026-03-02',
    });
  });

  it("puts the server's attribute errors beside their attribute, the rest on the form", () => {
    const { byAttribute, rest } = splitAttributeErrors(
      [
        { field: 'attribute_values.1.value_option', message: 'Not an option' },
        { field: 'operative_id', message: 'Not a member' },
      ],
      ['count', 'size'],
    );
    expect(byAttribute).toEqual({ size: 'Not an option' });
    expect(rest).toEqual([{ field: 'operative_id', message: 'Not a member' }]);
  });
});

describe('the job timeline', () => {
  it('titles entries and lists what changed by name', () => {
    expect(timelineTitle('RESCHEDULE')).toBe('Rescheduled');
    expect(timelineTitle('SUBMIT_ALL')).toBe('Submit all');
    expect(
      changeLines({ date: '2026-03-04', operative_id: 'u1', ids: ['x'], form_ids: [] }, (field) =>
        field === 'operative_id' ? 'Ana' : undefined,
      ),
    ).toEqual([`Date: ${formatCalendarDate('2026-03-04')}`, 'Operative: Ana', 'Forms: none']);
    expect(changeLines(null)).toEqual([]);
  });

  it('shows statuses as words and times in the reader’s locale, never raw', () => {
    const lines = changeLines({
      status: 'IN_PROGRESS',
      started_at: '2026-11-28T09:30:00.000Z',
      kind: 'WEB_IMPORT',
      forms_without_sheets: ['Door check', 'Balcony handover'],
    });
    expect(lines).toEqual([
      'Status: In progress',
      `started at: ${formatDateTime('2026-11-28T09:30:00.000Z')}`,
      'kind: Web import',
      'Forms without a submitted sheet: Door check, Balcony handover',
    ]);
    expect(lines.join(' ')).not.toMatch(/IN_PROGRESS|2026-11-28T/);
    expect(timelineTitle('COMPLETE_WITHOUT_SHEETS')).toBe('Completed without job sheets');
  });
});
