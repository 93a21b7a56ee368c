import i18next from 'i18next';
import common from '../../locales/src/common';
import {
  alarmEventTitleText,
  alarmMessageText,
  alarmTextLocal,
  crossingText,
  eventFromAlarm,
  isLocalText,
  newAlarmTask,
  notificationFromEvent,
  rename,
  renderAlarmText,
  renderUnitType,
  renderLocalText,
  reminderText,
  textFunctionOf,
  type AlarmInput,
} from '../src';

async function tIn(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, fallbackLng: 'en', ns: ['common', 'other'], defaultNS: 'other', resources: {}, showSupportNotice: false });
  for (const [lang, keys] of Object.entries(common)) i18n.addResourceBundle(lang, 'common', keys);
  // A remote's t is bound to its own namespace: the helper asks for common itself.
  return i18n.getFixedT(lng, 'other') as unknown as (key: string, params?: Record<string, unknown>) => string;
}

const alarm: AlarmInput = {
  AlarmID: 7,
  AlarmType: 28,
  AlarmEventText: 'Value 3.1 V below low limit 3.3 V (level 1)',
  AlarmEventTime: '2026-11-26T10:00:00Z',
  UnitID: 10004,
  ChannelID: 5,
  UnitName: 'Pump 4',
  UnitType: 201,
};

describe('LocalText', () => {
  it('renders params, the alarm type number as its translated name, and a nested alarm text', async () => {
    const sv = await tIn('sv');
    expect(renderLocalText(alarmEventTitleText(28, 'Pump 4'), 'x', sv)).toBe('Batteri: Pump 4');
    const msg = alarmMessageText(11, crossingText({ level: 1, side: 'high', limit: 10, alarmType: 11 } as never, 12, 'm'));
    expect(renderLocalText(msg, 'x', sv)).toBe('Analog hög nivå 1 Värde 12 m över övre gräns 10 m (nivå 1)');
    const da = await tIn('da');
    expect(renderLocalText(reminderText(2, alarmMessageText(19, '')), 'x', da)).toBe(
      'Stadig aktiv, ikke kvitteret (påmindelse 2): Kommunikationsfejl',
    );
    expect(renderUnitType(201, da)).toBe('Kontakt');
    expect(renderUnitType(1, da)).toBe('X1');
    expect(renderLocalText(alarmEventTitleText(28, 'Pump & <Co>'), 'x', da)).toBe('Batteri: Pump & <Co>');
  });

  it('an unknown alarm type reads "Alarm <n>" in the language', async () => {
    const sv = await tIn('sv');
    expect(renderLocalText(alarmEventTitleText(99, 'U'), 'x', sv)).toBe('Larm 99: U');
  });

  it('falls back to the stored text when the text is missing, malformed or its key unknown', async () => {
    const de = await tIn('de');
    expect(renderLocalText(undefined, 'stored', de)).toBe('stored');
    expect(renderLocalText({ key: '' }, 'stored', de)).toBe('stored');
    expect(renderLocalText({ key: 'serverText.missing' }, 'stored', de)).toBe('stored');
    expect(renderLocalText({ key: 'serverText.alarmMessage', params: { alarmType: 1, text: { key: 'nope' } } }, 'stored', de)).toBe(
      'stored',
    );
    expect(isLocalText({ key: 'a', params: { x: [1] } })).toBe(false);
  });

  it('recognises the server’s own alarm texts and leaves others as written', async () => {
    expect(alarmTextLocal('Value 17.5 mA above high limit 16 mA (level 2)')).toEqual({
      key: 'serverText.alarmText.aboveHigh',
      params: { value: '17.5 mA', limit: '16 mA', level: 2 },
    });
    expect(alarmTextLocal('Pump stopped by operator')).toBeUndefined();
    const de = await tIn('de');
    expect(renderAlarmText('No contact since 2026-11-26 09:00 UTC', de)).toBe('Kein Kontakt seit 2026-11-26 09:00 UTC');
    expect(renderAlarmText('Pump stopped by operator', de)).toBe('Pump stopped by operator');
    expect(renderAlarmText('Lid opened', de)).toBe('Deckel geöffnet');
  });

  it('the English rendering equals the English text the documents keep', () => {
    const en = textFunctionOf(common.en as unknown as Record<string, unknown>);
    const event = eventFromAlarm(alarm, 'e1', '2026-11-26T10:00:00Z');
    const n = notificationFromEvent(event, 'n1', '2026-11-26T10:00:00Z');
    expect(renderLocalText(event.titleText, '', en)).toBe(event.title);
    expect(renderLocalText(n.messageText, '', en)).toBe(n.message);
    const noText = notificationFromEvent(eventFromAlarm({ ...alarm, AlarmEventText: '' }, 'e2', 'x'), 'n2', 'x');
    expect(renderLocalText(noText.messageText, '', en)).toBe(noText.message);
  });

  it('an alarm task takes the event’s title key; a rename drops it so the user’s words show everywhere', () => {
    const event = eventFromAlarm(alarm, 'e1', '2026-11-26T10:00:00Z');
    const task = newAlarmTask(event, 't1', '2026-11-26T10:00:00Z');
    expect(task.titleText).toEqual(event.titleText);
    const renamed = rename(task, 'Check pump 4', 'demo.user', '2026-11-26T11:00:00Z');
    expect(renamed.titleText).toBeUndefined();
    expect(renamed.title).toBe('Check pump 4');
  });
});

describe('the demo fleet’s and older alarm texts', () => {
  const en = textFunctionOf(common.en as unknown as Record<string, unknown>);
  test.each([
    'Battery voltage 3.12 V below limit 3.30 V',
    'Loop resistance 250 Ω above limit 150 Ω',
    'Temperature 31.5 °C above limit 30 °C',
    'CO2 1400 ppm above limit 1000 ppm',
    'Fill level 88 % above limit 80 %',
    'Differential pressure 1.25 bar above limit 1.00 bar',
    'Level 2.40 m below limit 2.50 m',
    'Insulation resistance 120.5 kΩ below level 2 limit 500 kΩ',
    'Level 85.5 % above formula level 3 limit 80 %',
    'Level switch 2 activated',
    'Lid opened',
    'Loop open circuit detected',
    'No contact since 2026-11-26 09:00 UTC',
    'Value 12 m above high limit 10 m (level 1)',
  ])('%s: recognised, and its English rendering is the text itself', (text) => {
    expect(alarmTextLocal(text)).toBeDefined();
    expect(renderAlarmText(text, en)).toBe(text);
  });

  test('in Swedish, also inside a message stored with the raw text (rows from before the keys)', async () => {
    const sv = await tIn('sv');
    expect(renderAlarmText('Battery voltage 3.12 V below limit 3.30 V', sv)).toBe('Batterispänning 3.12 V under gränsen 3.30 V');
    const old = { key: 'serverText.alarmMessage', params: { alarmType: 28, text: 'Battery voltage 3.12 V below limit 3.30 V' } };
    expect(renderLocalText(old, 'x', sv)).toBe('Batteri Batterispänning 3.12 V under gränsen 3.30 V');
    expect(renderAlarmText('Level switch 2 activated', sv)).toBe('Nivåbrytare 2 aktiverad');
    expect(renderAlarmText('Something else', sv)).toBe('Something else');
  });
});
