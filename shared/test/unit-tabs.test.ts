import { supportedUnitTabs, UNIT_TAB_NAMES, unitSupportsTab, isUnitTabName } from '../src';

const own = { unitType: 1, thirdParty: false, channelCount: 8 };
const thirdParty = { unitType: 207, thirdParty: true, channelCount: 2 };
const noChannels = { unitType: 11, thirdParty: false, channelCount: 0 };

describe('which tabs a unit supports', () => {
  test('our own hardware supports every tab', () => {
    expect(supportedUnitTabs(own)).toEqual([...UNIT_TAB_NAMES]);
  });

  test('a third-party sensor has no modem, tag or firmware of ours', () => {
    for (const tab of ['gprs', 'cellular', 'firmware', 'nfc'] as const)
      expect(unitSupportsTab(tab, thirdParty)).toBe(false);
    expect(supportedUnitTabs(thirdParty)).toEqual([
      'info',
      'charts',
      'schedule',
      'network',
      'ports',
      'alarm',
      'log',
      'brand',
      'location',
    ]);
  });

  test('a type code from 200 up counts as third-party even if the flag is missing', () => {
    expect(unitSupportsTab('cellular', { ...thirdParty, thirdParty: false })).toBe(false);
  });

  test('charts, port settings and alarm limits need channels', () => {
    expect(unitSupportsTab('charts', noChannels)).toBe(false);
    expect(unitSupportsTab('charts', thirdParty)).toBe(true);
    expect(unitSupportsTab('ports', noChannels)).toBe(false);
    expect(unitSupportsTab('alarm', noChannels)).toBe(false);
    expect(unitSupportsTab('cellular', noChannels)).toBe(true);
  });

  test('info, schedule, network, log, brand and location apply to every unit', () => {
    for (const unit of [own, thirdParty, noChannels])
      for (const tab of ['info', 'schedule', 'network', 'log', 'brand', 'location'] as const)
        expect(unitSupportsTab(tab, unit)).toBe(true);
  });

  test('tab names from a URL are checked', () => {
    expect(isUnitTabName('firmware')).toBe(true);
    expect(isUnitTabName('relay')).toBe(false);
  });
});
