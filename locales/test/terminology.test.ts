/**
 * One word per thing in each language (issue 17 §4). The rule:
 *
 * - The monitored field device — the spec's "unit" — is en "unit", da "enhed", de "Einheit",
 *   sv "enhet". Never "device" / "apparat" / "Gerät" for it. Those words are kept only for another
 *   thing: the person's own phone or computer in the sign-in sessions (admin sessions.*), and the
 *   "device" brand icon choice.
 * - English keeps the spec's own names that say "device": the area "Devices" / "device
 *   management" with its "device table" and "Add new device", the onboarding flow "Activate
 *   device" (the onboarding namespace is that flow), alarm type 43 "Disabled device" and the spec's
 *   error texts ("Failed to move devices", "Device not supported", "You are missing authority for
 *   this device"). Translations do not copy that: they say unit (da/sv "Enhedsstyring" /
 *   "Enhetshantering", de "Einheitenverwaltung").
 * - A kind of unit is a sensor in every language: "sensor" (da, sv) and "Sensor" (de), never
 *   "føler", "givare" or "Fühler".
 * - The unit-management area has one name: da "enhedsstyring" (as its navigation item), never
 *   "enhedsadministration".
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const namespaces = fs.readdirSync(path.join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const entries = (lang: string): Array<[string, string]> =>
  namespaces.flatMap((ns) =>
    Object.entries(
      flatten(JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>),
    ).map(([k, v]): [string, string] => [`${ns}:${k}`, v]),
  );

/** The other thing called "device": the person's own phone or computer, and the brand icon. */
const OWN_DEVICE_KEYS = [/^admin:sessions\./, /^admin:users\.signIns\./, /^shell:login\.bankIdIntro$/, /^admin:profile\.overview\.sessionsHint$/, /^devices:unit\.field\.brandIconOptions\.device$/];

/** English: the spec's names and texts that say device (see above). */
const EN_SPEC_PHRASES = [
  /device management/gi,
  /device table/gi,
  /\badd (new )?device\b/gi,
  /\bactivate (a |your |this |a different )?device\b/gi,
  /\bdisabled device\b/gi,
  /\bfailed to move devices\b/gi,
  /\bdevice not supported\b/gi,
  /\bauthority for this device\b/gi,
  /^devices$/gi,
  /\bback to the devices\b/gi,
];

const FORBIDDEN: Record<string, RegExp[]> = {
  en: [/\bdevices?\b/i],
  da: [/apparat/i, /føler/i, /enhedsadministration/i],
  de: [/gerät/i, /fühler/i],
  sv: [/apparat/i, /givare/i],
};

describe('terminology: one word per thing', () => {
  test.each(Object.keys(FORBIDDEN))('%s says unit (and sensor) with one word', (lang) => {
    const offenders: string[] = [];
    for (const [key, value] of entries(lang)) {
      if (OWN_DEVICE_KEYS.some((k) => k.test(key))) continue;
      if (lang === 'en' && key.startsWith('onboarding:')) continue;
      let text = value;
      if (lang === 'en') for (const p of EN_SPEC_PHRASES) text = text.replace(p, '');
      if (FORBIDDEN[lang]!.some((rx) => rx.test(text))) offenders.push(`${key} = ${value}`);
    }
    expect(offenders).toEqual([]);
  });
});
