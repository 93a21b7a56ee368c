import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  formErrors,
  OrganizationGeneralBody,
  ORGANIZATION_GENERAL_FIELDS,
  pathFor,
  queryKeys,
  SUPPORTED_LANGUAGES,
  type Envelope,
  type OrganizationGeneral,
  type OrganizationSettings,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Select, TextField } from '@fieldwatch/shared/ui';
import { languageName } from '../profile/format';
import { OrgSection } from './OrgSection';
import { serverMessage } from './orgs';
import css from './OrgSection.module.css';

type Field = keyof OrganizationGeneral;
type TextFieldName = Exclude<Field, 'defaultLanguage' | 'defaultTimezone'>;

const GROUPS: Array<{ id: 'organisation' | 'contact' | 'company'; fields: TextFieldName[] }> = [
  { id: 'organisation', fields: ['name'] },
  { id: 'contact', fields: ['contactName', 'contactEmail', 'phone', 'address', 'zip', 'city', 'country'] },
  { id: 'company', fields: ['companyName', 'companyAddress', 'companyZip', 'companyCity', 'customerId', 'organisationNumber'] },
];

/** The time zones the browser knows (IANA names). */
function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/Stockholm'];
  return list.includes(current) ? list : [current, ...list];
}

const pick = (s: OrganizationSettings): OrganizationGeneral =>
  Object.fromEntries(ORGANIZATION_GENERAL_FIELDS.map((f) => [f, s[f]])) as OrganizationGeneral;

/** /admin/general: the organisation's name, contact and billing, company, and defaults for new users. */
export function GeneralPage() {
  return <OrgSection section="general">{(s) => <GeneralForm settings={s} />}</OrgSection>;
}

function GeneralForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const [values, setValues] = useState<OrganizationGeneral>(() => pick(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (f: Field) => t(`org.general.fields.${f}`);
  const set = (f: Field, v: string) => setValues((old) => ({ ...old, [f]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    // The request's own rules (the server checks the same), in the page's words.
    const next = formErrors(OrganizationGeneralBody, values, (field, problem) =>
      problem.rule === 'maxLength'
        ? t('org.errors.tooLong', { name: label(field), max: problem.limit })
        : problem.rule === 'pattern' && field === 'contactEmail'
          ? t('org.errors.invalid', { name: label(field) })
          : t('org.errors.blank', { name: label(field) }),
    );
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const res = await api.http.put<Envelope<OrganizationSettings>>(
        pathFor(ENDPOINTS.updateOrganizationGeneral, { id: settings.id }),
        values,
      );
      client.setQueryData(queryKeys.adminOrganization(settings.id), res.data.data);
      void client.invalidateQueries({ queryKey: queryKeys.adminOrganizations(), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.branding() });
      setValues(pick(res.data.data));
      bus.emit('toast', { kind: 'success', message: t('org.general.saved'), raw: true });
    } catch (err) {
      setFailure(serverMessage(err) ?? t('org.errors.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={css.stack} onSubmit={onSubmit} noValidate data-testid="org-general-form">
      {GROUPS.map((g) => (
        <Card key={g.id} title={t(`org.general.groups.${g.id}`)}>
          {g.id !== 'organisation' && <p className={css.hint}>{t(`org.general.hints.${g.id}`)}</p>}
          <div className={css.grid}>
            {g.fields.map((f) => (
              <TextField
                key={f}
                label={label(f)}
                name={f}
                type={f === 'contactEmail' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                value={values[f]}
                error={errors[f]}
                onChange={(e) => set(f, e.target.value)}
              />
            ))}
          </div>
        </Card>
      ))}
      <Card title={t('org.general.groups.defaults')}>
        <p className={css.hint}>{t('org.general.hints.defaults')}</p>
        <div className={css.grid}>
          <label className={css.selectField}>
            <span>{label('defaultLanguage')}</span>
            <Select name="defaultLanguage" value={values.defaultLanguage} onChange={(e) => set('defaultLanguage', e.target.value)}>
              {SUPPORTED_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </Select>
          </label>
          <label className={css.selectField}>
            <span>{label('defaultTimezone')}</span>
            <Select name="defaultTimezone" value={values.defaultTimezone} onChange={(e) => set('defaultTimezone', e.target.value)}>
              {timeZones(values.defaultTimezone).map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </label>
        </div>
      </Card>
      <div className={css.actions}>
        {failure && (
          <span className={css.error} role="alert">
            {failure}
          </span>
        )}
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined} data-testid="org-general-save">
          {t('org.save')}
        </Button>
      </div>
    </form>
  );
}
