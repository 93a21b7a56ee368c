/**
 * Step 4: where the device stands and where it goes in the organisation. The position comes from
 * a tap on the map, the address search (the server's, offline: the user's own unit addresses and a
 * list of towns), the phone's position, or coordinates typed — each of them works without the
 * map's street tiles. Then its name, the address shown with it, a location (existing or new) and
 * optionally a group (existing or new). Nothing is created before the activation.
 */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnboardingFlow, OnboardingPlace } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Select, Spinner, TextField } from '@fieldwatch/shared/ui';
import { problemText, savePlacement, searchPlaces } from '../flow/api';
import { initialValues, NEW, placementBody, placementErrors, positionOf, round6, type PlacementValues } from './placement-form';
import css from './placement.module.css';

const PositionPicker = lazy(() => import('./PositionPicker'));

type Locate = { state: 'idle' } | { state: 'locating' } | { state: 'done'; meters: number } | { state: 'failed'; key: string };
type Search = { state: 'idle' } | { state: 'searching' } | { state: 'done'; q: string; places: OnboardingPlace[] } | { state: 'failed'; key: string };

/** A country code in the reader's language ("DK" → "Dänemark"), the code itself where Intl cannot. */
function countryName(code: string | undefined, language: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PlacementStep({
  tag,
  flow,
  onSaved,
}: {
  tag: string;
  flow: OnboardingFlow;
  onSaved: (flow: OnboardingFlow) => void;
}) {
  const { t, i18n } = useTranslation('onboarding');
  const { api } = useRemote();
  const [values, setValues] = useState<PlacementValues>(() => initialValues(flow));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [locate, setLocate] = useState<Locate>({ state: 'idle' });
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });

  const set = (patch: Partial<PlacementValues>) => setValues((v) => ({ ...v, ...patch }));
  const moveTo = (lat: number, lon: number) => set({ lat: String(round6(lat)), lon: String(round6(lon)) });
  const errors = placementErrors(values);
  const errorOf = (f: string) => (submitted && errors[f] ? t(errors[f].key, errors[f].params) : undefined);
  const position = positionOf(values);
  const organizationId = flow.organization?.id ?? undefined;
  const chosenLocation = flow.locations.find((l) => l.id === values.location);
  const holdingGroups = chosenLocation ? flow.groups.filter((g) => chosenLocation.groupIds.includes(g.id)) : [];

  function locatePhone() {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return setLocate({ state: 'failed', key: 'placement.positionUnsupported' });
    setLocate({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        moveTo(p.coords.latitude, p.coords.longitude);
        setLocate({ state: 'done', meters: Math.max(1, Math.round(p.coords.accuracy)) });
      },
      (err) => setLocate({ state: 'failed', key: err.code === 1 ? 'placement.positionDenied' : 'placement.positionFailed' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  async function runSearch(e?: { preventDefault(): void }) {
    e?.preventDefault();
    const q = query.trim();
    if (q.length < 2) return setSearch({ state: 'failed', key: 'placement.searchShort' });
    setSearch({ state: 'searching' });
    try {
      setSearch({ state: 'done', q, places: await searchPlaces(api, q, organizationId ?? undefined) });
    } catch {
      setSearch({ state: 'failed', key: 'placement.searchFailed' });
    }
  }

  function pick(place: OnboardingPlace) {
    moveTo(place.lat, place.lon);
    if (place.kind === 'address' || values.address.trim() === '') set({ address: place.label });
    setSearch({ state: 'idle' });
    setLocate({ state: 'idle' });
  }

  function onLocationChange(location: string) {
    const groups = flow.locations.find((l) => l.id === location)?.groupIds ?? [];
    // An existing location keeps its group; a new one starts without.
    set({ location, group: groups[0] ?? (values.group === NEW ? NEW : location === NEW ? values.group : '') });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      onSaved(await savePlacement(api, tag, placementBody(values)));
    } catch (err) {
      setProblem(problemText(err, t));
    } finally {
      setSaving(false);
    }
  }

  // No position at all: both coordinate fields are what is missing, and say so.
  const positionInvalid =
    errorOf('position') && !errorOf('lat') && !errorOf('lon')
      ? { 'aria-invalid': true as const, 'aria-describedby': 'fw-onb-position-error' }
      : {};

  return (
    <Card title={t('placement.title')} data-testid="step-placement-panel">
      <p className={css.lead}>{t('placement.intro', { unit: flow.tag.unitName })}</p>

      <section className={css.block} aria-labelledby="fw-onb-position">
        <h3 id="fw-onb-position" className={css.blockTitle}>
          {t('placement.position')}
        </h3>
        <Suspense
          fallback={
            <div className={css.mapFrame}>
              <Spinner label={t('flow.loading')} />
            </div>
          }
        >
          <PositionPicker
            position={position}
            onMove={(lat, lon) => {
              moveTo(lat, lon);
              setLocate({ state: 'idle' });
            }}
            label={t('placement.mapLabel')}
            pinLabel={t('placement.pinLabel')}
            tilesNote={t('placement.tilesNote')}
            noPin={t('placement.noPin')}
          />
        </Suspense>

        <div className={css.tools}>
          <Button onClick={locatePhone} disabled={locate.state === 'locating'} data-testid="use-my-position">
            {locate.state === 'locating' ? t('placement.locating') : t('placement.myPosition')}
          </Button>
        </div>
        {locate.state === 'done' && (
          <p className={css.status} role="status">
            {t('placement.located', { meters: locate.meters })}
          </p>
        )}
        {locate.state === 'failed' && (
          <p className={css.warn} role="alert">
            {t(locate.key)}
          </p>
        )}

        <div className={css.search} role="search">
          <div className={css.searchField}>
            <TextField
              label={t('placement.search')}
              type="search"
              name="place-search"
              value={query}
              placeholder={t('placement.searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void runSearch(e);
              }}
            />
          </div>
          <Button onClick={() => void runSearch()} disabled={search.state === 'searching'} data-testid="place-search">
            {search.state === 'searching' ? t('placement.searching') : t('placement.searchButton')}
          </Button>
        </div>
        {search.state === 'failed' && (
          <p className={css.warn} role="alert">
            {t(search.key)}
          </p>
        )}
        {search.state === 'done' &&
          (search.places.length === 0 ? (
            <p className={css.warn} role="status">
              {t('placement.noResults', { q: search.q })}
            </p>
          ) : (
            <ul className={css.results} aria-label={t('placement.results')} data-testid="place-results">
              {search.places.map((p) => (
                <li key={`${p.kind}:${p.label}:${p.lat}:${p.lon}`}>
                  <button type="button" className={css.result} onClick={() => pick(p)}>
                    <span className={css.resultLabel}>{p.label}</span>
                    <span className={css.resultDetail}>
                      {p.kind === 'address' ? t('placement.resultAddress', { organization: p.detail }) : countryName(p.country, i18n.language)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </section>

      <form onSubmit={onSubmit} noValidate className={css.form} data-testid="placement-form">
        <div className={css.pair}>
          <TextField
            label={t('placement.lat')}
            name="lat"
            inputMode="decimal"
            autoComplete="off"
            value={values.lat}
            error={errorOf('lat')}
            {...positionInvalid}
            onChange={(e) => set({ lat: e.target.value })}
          />
          <TextField
            label={t('placement.lon')}
            name="lon"
            inputMode="decimal"
            autoComplete="off"
            value={values.lon}
            error={errorOf('lon')}
            {...positionInvalid}
            onChange={(e) => set({ lon: e.target.value })}
          />
        </div>
        {errorOf('position') && (
          <p id="fw-onb-position-error" className={css.fieldProblem} role="alert">
            {errorOf('position')}
          </p>
        )}
        <TextField
          label={t('placement.address')}
          name="address"
          autoComplete="street-address"
          value={values.address}
          onChange={(e) => set({ address: e.target.value })}
          aria-describedby="fw-onb-address-hint"
        />
        <p id="fw-onb-address-hint" className={css.hint}>
          {t('placement.addressHint')}
        </p>
        <TextField
          label={t('placement.name')}
          name="name"
          value={values.name}
          error={errorOf('name')}
          onChange={(e) => set({ name: e.target.value })}
        />

        <fieldset className={css.where}>
          <legend className={css.blockTitle}>{t('placement.where')}</legend>
          <p className={css.hint}>{t('placement.whereHint')}</p>
          {flow.locations.length > 0 && (
            <label className={css.selectField}>
              <span className={css.label}>{t('placement.location')}</span>
              <Select
                name="location"
                value={values.location}
                aria-invalid={errorOf('location') && values.location !== NEW ? true : undefined}
                aria-describedby={errorOf('location') && values.location !== NEW ? 'fw-onb-location-error' : undefined}
                onChange={(e) => onLocationChange(e.target.value)}
              >
                <option value="">{t('placement.chooseLocation')}</option>
                {flow.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
                <option value={NEW}>{t('placement.newLocation')}</option>
              </Select>
            </label>
          )}
          {values.location === NEW && (
            <TextField
              label={t('placement.newLocationName')}
              name="locationName"
              value={values.locationName}
              error={errorOf('location')}
              onChange={(e) => set({ locationName: e.target.value })}
            />
          )}
          {values.location !== NEW && errorOf('location') && (
            <p id="fw-onb-location-error" className={css.fieldProblem} role="alert">
              {errorOf('location')}
            </p>
          )}
          {holdingGroups.length > 0 && (
            <p className={css.hint}>{t('placement.inGroups', { groups: holdingGroups.map((g) => g.name).join(', ') })}</p>
          )}
          <label className={css.selectField}>
            <span className={css.label}>{t('placement.group')}</span>
            <Select name="group" value={values.group} onChange={(e) => set({ group: e.target.value })}>
              <option value="">{t('placement.noGroup')}</option>
              {flow.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
              <option value={NEW}>{t('placement.newGroup')}</option>
            </Select>
          </label>
          {values.group === NEW && (
            <TextField
              label={t('placement.newGroupName')}
              name="groupName"
              value={values.groupName}
              error={errorOf('group')}
              onChange={(e) => set({ groupName: e.target.value })}
            />
          )}
        </fieldset>

        {problem && (
          <p className={css.problem} role="alert" data-testid="placement-problem">
            {problem}
          </p>
        )}
        <div className={css.actions}>
          <Button type="submit" variant="primary" disabled={saving} data-testid="placement-continue">
            {saving ? t('flow.saving') : t('placement.continue')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
