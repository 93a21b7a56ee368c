import {
  applyScaling,
  changePort,
  factorKey,
  IDENTITY_SCALING,
  isTagId,
  mergePort,
  normalizeTagId,
  offsetKey,
  PORT_MESSAGES,
  scalingOf,
  validatePort,
  validatePortsSection,
  type ChannelKind,
  type PortSettings,
} from '../src';

const analog: PortSettings = { kind: 'analog', name: 'Analogue 1', unitOfMeasure: 'mA', factor: 1, offset: 0 };
const codes = (p: PortSettings, from: ChannelKind = p.kind) => validatePort(p, from).map((x) => x.code);

describe('port scaling', () => {
  it('reads a channel’s scaling from the ports section, none when missing or unusable', () => {
    expect(scalingOf(undefined, 1)).toEqual(IDENTITY_SCALING);
    expect(scalingOf({ ch1Factor: 2.5, ch1Offset: -1 }, 1)).toEqual({ factor: 2.5, offset: -1 });
    expect(scalingOf({ ch1Factor: 2.5, ch1Offset: -1 }, 2)).toEqual(IDENTITY_SCALING);
    expect(scalingOf({ ch1Factor: 0, ch1Offset: 'x' }, 1)).toEqual(IDENTITY_SCALING);
    expect(scalingOf({ ch1Factor: null, ch1Offset: true }, 1)).toEqual(IDENTITY_SCALING);
    expect([factorKey(12), offsetKey(12)]).toEqual(['ch12Factor', 'ch12Offset']);
  });

  it('scales raw × factor + offset, to 12 significant digits', () => {
    expect(applyScaling(10, { factor: 2.5, offset: -1 })).toBe(24);
    expect(applyScaling(0.1, { factor: 3, offset: 0 })).toBe(0.3);
    expect(applyScaling(4, { factor: -0.5, offset: 0.2 })).toBe(-1.8);
    expect(applyScaling(7.123456789, IDENTITY_SCALING)).toBe(7.123456789);
    expect(applyScaling(1e308, { factor: 10, offset: 0 })).toBe(Infinity);
    expect(Number.isNaN(applyScaling(Number.NaN, { factor: 2, offset: 0 }))).toBe(true);
  });
});

describe('port settings by kind', () => {
  it('accepts analog and formula ports with any unit and a non-zero factor', () => {
    expect(codes({ ...analog, factor: 0.001, offset: -40 })).toEqual([]);
    expect(codes({ ...analog, kind: 'formula', unitOfMeasure: '%' }, 'analog')).toEqual([]);
    expect(codes({ ...analog, factor: 0 })).toEqual(['factorInvalid']);
    expect(codes({ ...analog, factor: Number.NaN, offset: Infinity })).toEqual(['factorInvalid', 'offsetInvalid']);
  });

  it('wants a temperature unit on a pt port, and no unit or scaling on a switch', () => {
    expect(codes({ ...analog, kind: 'pt', unitOfMeasure: '°F', offset: 0.4 }, 'analog')).toEqual([]);
    expect(codes({ ...analog, kind: 'pt', unitOfMeasure: 'bar' }, 'analog')).toEqual(['ptUnit']);
    expect(codes({ ...analog, kind: 'switch', unitOfMeasure: '' }, 'analog')).toEqual([]);
    expect(codes({ ...analog, kind: 'switch', unitOfMeasure: 'mA', factor: 2 }, 'analog')).toEqual(['switchUnit', 'switchScaling']);
    expect(codes({ ...analog, kind: 'switch', unitOfMeasure: '', offset: 1 }, 'switch')).toEqual(['switchScaling']);
  });

  it('keeps a unit’s own measurement channel what it is, and makes no port one', () => {
    const battery: PortSettings = { kind: 'channel', name: 'Battery voltage', unitOfMeasure: 'V', factor: 1, offset: 0 };
    expect(codes(battery)).toEqual([]);
    expect(codes({ ...battery, name: 'Battery', factor: 1.02 })).toEqual([]);
    expect(codes({ ...battery, kind: 'analog' }, 'channel')).toEqual(['kindFixed']);
    expect(codes({ ...analog, kind: 'channel' }, 'analog')).toEqual(['kindUnknown']);
    expect(codes({ ...analog, kind: 'digital' as ChannelKind }, 'analog')).toEqual(['kindUnknown']);
  });

  it('wants a name and at most 100 characters of name and unit', () => {
    expect(codes({ ...analog, name: '  ' })).toEqual(['nameBlank']);
    expect(codes({ ...analog, name: 'n'.repeat(101), unitOfMeasure: 'u'.repeat(101) })).toEqual(['nameTooLong', 'unitTooLong']);
    expect(validatePort({ ...analog, factor: 0 }, 'analog')[0]).toEqual({ field: 'factor', code: 'factorInvalid', message: PORT_MESSAGES.factorInvalid });
  });

  it('gives a changed kind its defaults where the change gives nothing, and trims texts', () => {
    const scaled = { ...analog, factor: 4, offset: 2 };
    expect(mergePort(scaled, { kind: 'switch' })).toEqual({ ...analog, kind: 'switch', unitOfMeasure: '', factor: 1, offset: 0 });
    expect(mergePort(scaled, { kind: 'pt' })).toEqual({ ...scaled, kind: 'pt', unitOfMeasure: '°C' });
    expect(mergePort({ ...analog, unitOfMeasure: 'K' }, { kind: 'pt' }).unitOfMeasure).toBe('K');
    expect(mergePort(scaled, { kind: 'formula' })).toEqual({ ...scaled, kind: 'formula' });
    expect(mergePort(analog, { name: '  Inlet  ', unitOfMeasure: ' m ' })).toMatchObject({ name: 'Inlet', unitOfMeasure: 'm' });
    // What the change gives wins over the defaults, and is then checked.
    expect(changePort(scaled, { kind: 'switch', factor: 3 }).problems.map((p) => p.code)).toEqual(['switchScaling']);
    expect(changePort({ ...analog, kind: 'switch', unitOfMeasure: '' }, { kind: 'analog', factor: 2 })).toEqual({
      port: { ...analog, unitOfMeasure: '', factor: 2 },
      problems: [],
    });
  });
});

describe('the ports section of a settings save', () => {
  const kinds = new Map<number, ChannelKind>([
    [1, 'analog'],
    [4, 'switch'],
  ]);
  it('checks only the keys that change', () => {
    expect(validatePortsSection({ ch1Factor: 2, ch1Offset: 1 }, undefined, kinds)).toEqual([]);
    // A stored value the rule would refuse is left alone by a save that does not touch it.
    expect(validatePortsSection({ ch4Factor: 2, ch1Factor: 3 }, { ch4Factor: 2 }, kinds)).toEqual([]);
    expect(validatePortsSection({}, { ch1Factor: 2 }, kinds)).toEqual([]);
  });
  it('refuses unusable values, unknown keys and channels, and scaling on a switch', () => {
    expect(validatePortsSection({ ch1Factor: 0 }, {}, kinds)).toEqual([`ports.ch1Factor: ${PORT_MESSAGES.factorInvalid}`]);
    expect(validatePortsSection({ ch1Offset: 'x' }, {}, kinds)).toEqual([`ports.ch1Offset: ${PORT_MESSAGES.offsetInvalid}`]);
    expect(validatePortsSection({ ch4Offset: 1 }, {}, kinds)).toEqual([`ports.ch4: ${PORT_MESSAGES.switchScaling}`]);
    expect(validatePortsSection({ ch9Factor: 2 }, {}, kinds)).toEqual(['ports.ch9Factor: the unit has no channel 9']);
    expect(validatePortsSection({ colour: 'red' }, {}, kinds)[0]).toMatch(/^ports\.colour is not a port setting/);
  });
});

describe('NFC tag ids', () => {
  it('are 1–64 letters, digits and hyphens, kept in lower case', () => {
    expect(normalizeTagId('  8D3F6A2E-5C1B-4E7A-9F0D-2B6C8E4A1F35 ')).toBe('8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35');
    expect(isTagId('8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35')).toBe(true);
    expect(isTagId('a')).toBe(true);
    expect(isTagId('a'.repeat(64))).toBe(true);
    for (const bad of ['', 'a'.repeat(65), 'has space', 'under_score', 'x.y', 'Å', 'UPPER']) expect([bad, isTagId(bad)]).toEqual([bad, false]);
  });
});
