import { chartChannels, defaultChartChannel } from '../src/domain/unit-channels';

/** The channels every demo unit has, and the extras of CO2 and climate sensors. */
const base = [
  { ChannelID: 1, ChannelKind: 'analog', ChannelName: 'Analogue 1', UnitOfMeasure: 'mA' },
  { ChannelID: 2, ChannelKind: 'formula', ChannelName: 'Level formula 1', UnitOfMeasure: '%' },
  { ChannelID: 3, ChannelKind: 'pt', ChannelName: 'PT 1', UnitOfMeasure: '°C' },
  { ChannelID: 4, ChannelKind: 'switch', ChannelName: 'Level switch 1', UnitOfMeasure: '' },
  { ChannelID: 5, ChannelKind: 'channel', ChannelName: 'Battery voltage', UnitOfMeasure: 'V' },
  { ChannelID: 8, ChannelKind: 'switch', ChannelName: 'Intrusion', UnitOfMeasure: '' },
];
const co2 = [...base, { ChannelID: 9, ChannelKind: 'analog', ChannelName: 'CO2', UnitOfMeasure: 'ppm' }, { ChannelID: 10, ChannelKind: 'analog', ChannelName: 'Humidity', UnitOfMeasure: '%RH' }];
const climate = [...base, { ChannelID: 9, ChannelKind: 'analog', ChannelName: 'Humidity', UnitOfMeasure: '%RH' }];

describe('chart channels follow the unit type (issue 20)', () => {
  test('a temperature/humidity sensor opens on temperature, a CO2 sensor on CO2', () => {
    expect(defaultChartChannel(200, climate)?.ChannelName).toBe('PT 1');
    expect(defaultChartChannel(207, co2)?.ChannelName).toBe('CO2');
    expect(defaultChartChannel(210, base)?.ChannelName).toBe('PT 1');
    // Our own hardware: the first analogue channel, as before.
    expect(defaultChartChannel(11, base)?.ChannelName).toBe('Analogue 1');
    expect(defaultChartChannel(undefined, base)?.ChannelName).toBe('Analogue 1');
    expect(defaultChartChannel(200, [])).toBeUndefined();
  });

  test('a unit offers only the channels its type has', () => {
    expect(chartChannels(200, climate).map((c) => c.ChannelName)).toEqual(['PT 1', 'Battery voltage', 'Humidity']);
    expect(chartChannels(207, co2).map((c) => c.ChannelName)).toEqual(['PT 1', 'Battery voltage', 'CO2', 'Humidity']);
    expect(chartChannels(219, base).map((c) => c.ChannelName)).toEqual(['Level switch 1', 'Battery voltage']);
    expect(chartChannels(11, base)).toHaveLength(base.length);
    // Nothing of its type's measures: all kept, never none.
    expect(chartChannels(205, base)).toHaveLength(base.length);
  });
});
