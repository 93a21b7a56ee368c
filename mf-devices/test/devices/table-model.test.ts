import { DEVICE_TYPES } from '@fieldwatch/shared';
import { EMPTY_FORM, tagFromScan, toAddDeviceBody, validateAddDevice } from '../../src/features/devices/add-device';
import {
  columnsFromPreference,
  COLUMN_IDS,
  DEFAULT_VISIBLE,
  moveColumn,
  preferenceFromColumns,
  setWidth,
  toggleColumn,
} from '../../src/features/devices/columns';
import { clearFilters, DEFAULT_QUERY, isFiltered, parseQuery, setFilter, toSearchParams, toTableQuery } from '../../src/features/devices/device-query';

describe('the table query in the URL and to the server', () => {
  test('types, alarm types, customers, group and location round-trip through the URL', () => {
    const params = new URLSearchParams('q=pump&status=alarm&types=41,1,1&alarmTypes=19&customers=11&group=g-1&location=loc.2&sort=lastContact&dir=desc&page=3');
    const q = parseQuery(params);
    expect(q).toEqual({
      q: 'pump',
      statuses: ['alarm'],
      sort: 'lastContact',
      dir: 'desc',
      page: 2,
      types: [1, 41],
      alarmTypes: [19],
      customers: [11],
      group: 'g-1',
      location: 'loc.2',
    });
    expect(parseQuery(toSearchParams(q))).toEqual(q);
    expect(isFiltered(q)).toBe(true);
  });

  test('malformed values fall back to no filter', () => {
    const q = parseQuery(new URLSearchParams('types=a,-3&group=no%20spaces&location=&sort=colour'));
    expect(q).toEqual(DEFAULT_QUERY);
    expect(toSearchParams(q).toString()).toBe('');
  });

  test('becomes the server query: 1-based page, lists as text, all statuses = none', () => {
    const q = { ...DEFAULT_QUERY, q: '  north  ', statuses: ['alarm', 'problem', 'inactive', 'ok'] as const, types: [1, 41], location: 'loc-1', page: 1 };
    expect(toTableQuery({ ...q, statuses: [...q.statuses] })).toEqual({
      use_context: true,
      page: 2,
      pageSize: 20,
      sort: 'status',
      dir: 'asc',
      q: 'north',
      types: '1,41',
      location: 'loc-1',
    });
    expect(toTableQuery({ ...DEFAULT_QUERY, statuses: ['ok'] }, 500)).toMatchObject({ status: 'ok', pageSize: 500 });
  });

  test('setting or clearing a filter goes back to the first page; clearing keeps the sort', () => {
    const q = { ...DEFAULT_QUERY, page: 4, sort: 'name' as const };
    expect(setFilter(q, 'group', 'g-1')).toEqual({ ...q, page: 0, group: 'g-1' });
    expect(setFilter({ ...q, types: [1] }, 'types', [])).toEqual({ ...q, page: 0 });
    expect(clearFilters({ ...q, q: 'x', types: [1], location: 'l' })).toEqual({ ...DEFAULT_QUERY, sort: 'name' });
  });
});

describe('configured columns', () => {
  test('no preference: the default columns, in the default order', () => {
    const cols = columnsFromPreference(undefined);
    expect(cols.map((c) => c.id)).toEqual([...COLUMN_IDS]);
    expect(cols.filter((c) => c.visible).map((c) => c.id)).toEqual([...DEFAULT_VISIBLE]);
  });

  test('a saved choice: its order and widths first, unknown and repeated ids ignored, the rest hidden, name always kept', () => {
    const cols = columnsFromPreference({ columns: [{ id: 'location', width: 5000 }, { id: 'bogus' }, { id: 'location' }, { id: 'status' }] });
    expect(cols.slice(0, 2)).toEqual([
      { id: 'location', visible: true, width: 800 },
      { id: 'status', visible: true },
    ]);
    expect(cols.find((c) => c.id === 'name')!.visible).toBe(true);
    expect(cols.find((c) => c.id === 'model')!.visible).toBe(false);
    expect(preferenceFromColumns(cols)).toEqual({ columns: [{ id: 'location', width: 800 }, { id: 'status' }, { id: 'name' }] });
  });

  test('move, toggle and size', () => {
    let cols = columnsFromPreference(undefined);
    cols = moveColumn(cols, 1, -1);
    expect(cols.slice(0, 2).map((c) => c.id)).toEqual(['name', 'status']);
    expect(moveColumn(cols, 0, -1)).toEqual(cols);
    cols = toggleColumn(cols, 'name');
    expect(cols[0]!.visible).toBe(true);
    cols = toggleColumn(cols, 'status');
    expect(cols[1]!.visible).toBe(false);
    cols = setWidth(cols, 'name', 12);
    expect(cols[0]!.width).toBe(40);
    cols = setWidth(cols, 'name', undefined);
    expect(cols[0]).toEqual({ id: 'name', visible: true });
  });
});

describe('add device form', () => {
  const type = String(DEVICE_TYPES[0]!.code);
  test('by serial: name, serial and a known type are needed', () => {
    expect(validateAddDevice(EMPTY_FORM)).toEqual({ name: 'table.add.error.name', serial: 'table.add.error.serial', type: 'table.add.error.type' });
    expect(validateAddDevice({ ...EMPTY_FORM, name: 'x', serial: 'a b', type: '99999' })).toEqual({
      serial: 'table.add.error.serialChars',
      type: 'table.add.error.type',
    });
    const ok = { ...EMPTY_FORM, name: ' Pump ', serial: ' SN-1 ', type, organization: '10', locationId: 'loc-1' };
    expect(validateAddDevice(ok)).toEqual({});
    expect(toAddDeviceBody(ok)).toEqual({ name: 'Pump', serial: 'SN-1', type: Number(type), organization: 10, locationId: 'loc-1' });
  });

  test('by tag: the tag id is needed, the type is not', () => {
    expect(validateAddDevice({ ...EMPTY_FORM, mode: 'tag', name: 'x' })).toEqual({ tagId: 'table.add.error.tag' });
    expect(validateAddDevice({ ...EMPTY_FORM, mode: 'tag', name: 'x', tagId: 'a/b' })).toEqual({ tagId: 'table.add.error.tagChars' });
    expect(toAddDeviceBody({ ...EMPTY_FORM, mode: 'tag', name: 'x', tagId: 'abc', serial: 'ignored' })).toEqual({ name: 'x', tagId: 'abc' });
  });

  test('a scanned link gives its tag id', () => {
    expect(tagFromScan('https://fieldwatch.example/onboarding/7f3c-aa')).toBe('7f3c-aa');
    expect(tagFromScan(' 7f3c-aa ')).toBe('7f3c-aa');
  });
});
