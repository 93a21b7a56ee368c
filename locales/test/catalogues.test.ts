import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const languages = ['en', 'da', 'de', 'sv'];

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const load = (lang: string, ns: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>);
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

const namespaces = fs.readdirSync(path.join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('translation catalogues', () => {
  test('every namespace has a loader in src/', () => {
    for (const ns of namespaces) expect(fs.existsSync(path.join(root, 'src', `${ns}.ts`))).toBe(true);
  });

  // The navigation's items and section headings: a person tells them apart by name alone.
  test.each(languages)('no two navigation labels share a name in %s', (lang) => {
    const nav = Object.entries(load(lang, 'common')).filter(([k]) => k.startsWith('nav.'));
    const seen = new Map<string, string>();
    for (const [key, label] of nav) {
      expect([key, seen.get(label.toLowerCase())]).toEqual([key, undefined]);
      seen.set(label.toLowerCase(), key);
    }
  });

  for (const ns of namespaces) {
    describe(ns, () => {
      const en = load('en', ns);
      for (const lang of languages.filter((l) => l !== 'en')) {
        test(`${lang} has exactly the keys of en, each with text and the same placeholders`, () => {
          const other = load(lang, ns);
          expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
          for (const [key, text] of Object.entries(other)) {
            expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
            expect({ key, p: placeholders(text) }).toEqual({ key, p: placeholders(en[key] ?? '') });
          }
        });
      }
    });
  }
});
