import {
  MESSAGES,
  REFERENCE_MISSING_NAME_OR_TARGET,
  referenceTypeOf,
  validateContainer,
  validateReference,
  wouldCreateCycle,
} from '../src';

describe('container rules (spec §3, §5)', () => {
  test('a container needs a name: "Missing parameters"', () => {
    expect(validateContainer('group', { name: '' })).toBe(MESSAGES.missingParameters);
    expect(validateContainer('group', { name: '   ' })).toBe(MESSAGES.missingParameters);
    expect(validateContainer('location', { name: undefined })).toBe(MESSAGES.missingParameters);
    expect(validateContainer('location', { name: 42 })).toBe(MESSAGES.missingParameters);
    expect(validateContainer('group', { name: 'North' })).toBeNull();
  });

  test('a reference needs a name or a target', () => {
    expect(validateReference('location', { type: 'unit' })).toBe(REFERENCE_MISSING_NAME_OR_TARGET);
    expect(validateReference('location', { type: 'unit', name: ' ', target: '' })).toBe(
      REFERENCE_MISSING_NAME_OR_TARGET,
    );
    expect(validateReference('location', { type: 'unit', target: '10001' })).toBeNull();
    expect(validateReference('location', { type: 'unit', name: 'Pump' })).toBeNull();
  });

  test('groups hold locations, locations hold units', () => {
    expect(referenceTypeOf('group')).toBe('location');
    expect(referenceTypeOf('location')).toBe('unit');
    expect(validateReference('group', { type: 'unit', target: '1' })).toMatch(/only location/);
    expect(validateReference('location', { type: 'location', target: 'x' })).toMatch(/only unit/);
    expect(validateContainer('group', { name: 'G', content: [{ type: 'location', target: 'l1' }] })).toBeNull();
    expect(validateContainer('group', { name: 'G', content: 'nope' })).toMatch(/list/);
    expect(validateReference('group', null)).toMatch(/object/);
    expect(validateReference('group', { type: 'location', target: 5 })).toMatch(/text/);
  });

  test('parents never form a cycle', () => {
    const parentOf = new Map<string, string | null>([
      ['a', null],
      ['b', 'a'],
      ['c', 'b'],
    ]);
    expect(wouldCreateCycle(parentOf, 'a', 'a')).toBe(true);
    expect(wouldCreateCycle(parentOf, 'a', 'c')).toBe(true);
    expect(wouldCreateCycle(parentOf, 'c', 'a')).toBe(false);
    expect(wouldCreateCycle(parentOf, 'b', null)).toBe(false);
    const broken = new Map<string, string | null>([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect(wouldCreateCycle(broken, 'z', 'x')).toBe(true);
  });
});
