import { TITLE_MAX, validateAddWork, type AddWorkForm } from '../src/features/tasks/AddWork';

const form = (over: Partial<AddWorkForm> = {}): AddWorkForm => ({
  title: 'Check the valve',
  category: 'notice',
  priority: 'notice',
  assignees: [],
  unitIds: [],
  locationId: '',
  due: '',
  ...over,
});

describe('add work: what the form asks before it is sent', () => {
  test('a title is needed, at most 500 characters', () => {
    expect(validateAddWork(form(), '2026-11-26')).toEqual({});
    expect(validateAddWork(form({ title: '   ' }), '2026-11-26')).toEqual({ title: 'add.error.titleMissing' });
    expect(validateAddWork(form({ title: 'x'.repeat(TITLE_MAX + 1) }), '2026-11-26')).toEqual({ title: 'add.error.titleTooLong' });
  });
  test('a due date is a day, today or later', () => {
    expect(validateAddWork(form({ due: '2026-11-26' }), '2026-11-26')).toEqual({});
    expect(validateAddWork(form({ due: '2026-11-25' }), '2026-11-26')).toEqual({ due: 'add.error.duePast' });
    expect(validateAddWork(form({ due: '26/11/2026' }), '2026-11-26')).toEqual({ due: 'add.error.dueInvalid' });
  });
});
