/**
 * Step 3: which organisation the device belongs to — one of the user's, or a new one (spec §3:
 * company name, address, zip, city, optional customer id and organisation number; contact; billing
 * address, the company's unless given). The new organisation's fields are checked by the same
 * schema the server validates (NewOrganization); it is made only when the device is activated.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formProblems, NewOrganization, type FieldProblem, type OnboardingFlow } from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Card, TextField } from '@fieldwatch/shared/ui';
import { chooseOrganization, problemText } from '../flow/api';
import css from './organisation.module.css';

type Field = keyof typeof NewOrganization.properties;
type Values = Record<Field, string>;
const EMPTY: Values = {
  companyName: '',
  companyAddress: '',
  companyZip: '',
  companyCity: '',
  customerId: '',
  organisationNumber: '',
  contactName: '',
  contactEmail: '',
  phone: '',
  address: '',
  zip: '',
  city: '',
  country: '',
};
const BILLING: Field[] = ['address', 'zip', 'city'];

/** The body of a new organisation: trimmed, blank optional fields left out, no billing address when it is the company's. */
export function newOrganizationBody(values: Values, billingSame: boolean): NewOrganization {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values) as Array<[Field, string]>) {
    if (billingSame && BILLING.includes(k)) continue;
    if (v.trim() !== '') out[k] = v.trim();
  }
  return out as NewOrganization;
}

export function OrganisationStep({ tag, flow, onSaved }: { tag: string; flow: OnboardingFlow; onSaved: (flow: OnboardingFlow) => void }) {
  const { t } = useTranslation('onboarding');
  const { api } = useRemote();
  const user = useSession((s) => s.user);
  const groupName = useId();
  const chosen = flow.organization;
  const [choice, setChoice] = useState<number | 'new' | null>(
    chosen ? (chosen.id ?? 'new') : flow.organizations.length === 1 ? flow.organizations[0]!.id : flow.organizations.length === 0 && flow.canCreateOrganization ? 'new' : null,
  );
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    contactName: user?.name ?? '',
    contactEmail: user?.email ?? '',
    ...(chosen?.details ?? {}),
  }));
  const [billingSame, setBillingSame] = useState(() => !chosen?.details || BILLING.every((f) => !(chosen.details?.[f] ?? '')));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const problems = formProblems(NewOrganization, newOrganizationBody(values, billingSame));
  const message = (p: FieldProblem) =>
    p.rule === 'required' || p.rule === 'minLength'
      ? t('organisation.errors.blank')
      : p.rule === 'maxLength'
        ? t('organisation.errors.tooLong', { max: p.limit })
        : t('organisation.errors.email');
  const errorOf = (f: Field) => {
    const p = problems[f];
    return p && (submitted || touched[f]) ? message(p) : undefined;
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (choice === null) return setProblem(t('organisation.errors.choose'));
    if (choice === 'new' && Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const body = choice === 'new' ? { newOrganization: newOrganizationBody(values, billingSame) } : { organizationId: choice };
      onSaved(await chooseOrganization(api, tag, body));
    } catch (err) {
      setProblem(problemText(err, t));
    } finally {
      setSaving(false);
    }
  }

  // No organisation chosen: the choices say they are what is missing, and point at the message.
  const problemId = `${groupName}-problem`;
  const choiceInvalid =
    submitted && choice === null && problem ? { 'aria-invalid': true as const, 'aria-describedby': problemId } : {};

  const field = (f: Field, opts: { type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'text' | 'numeric' } = {}) => (
    <TextField
      label={t(`organisation.fields.${f}`)}
      name={f}
      value={values[f]}
      error={errorOf(f)}
      type={opts.type ?? 'text'}
      autoComplete={opts.autoComplete}
      inputMode={opts.inputMode}
      onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
      onBlur={() => setTouched((x) => ({ ...x, [f]: true }))}
    />
  );

  return (
    <Card title={t('organisation.title')} data-testid="step-organisation-panel">
      <form onSubmit={onSubmit} noValidate className={css.form}>
        <p className={css.lead}>{t('organisation.intro')}</p>
        {flow.organizations.length > 0 ? (
          <fieldset className={css.choices}>
            <legend className={css.legend}>{t('organisation.yours')}</legend>
            {flow.organizations.map((o) => (
              <label key={o.id} className={css.choice} data-checked={choice === o.id}>
                <input type="radio" name={groupName} checked={choice === o.id} onChange={() => setChoice(o.id)} {...choiceInvalid} />
                <span className={css.choiceName}>{o.name}</span>
              </label>
            ))}
            {flow.canCreateOrganization && (
              <label className={css.choice} data-checked={choice === 'new'}>
                <input
                  type="radio"
                  name={groupName}
                  checked={choice === 'new'}
                  onChange={() => setChoice('new')}
                  {...choiceInvalid}
                  data-testid="choice-new-organisation"
                />
                <span className={css.choiceName}>{t('organisation.createNew')}</span>
              </label>
            )}
          </fieldset>
        ) : (
          <p className={css.note}>{t('organisation.none')}</p>
        )}
        {!flow.canCreateOrganization && <p className={css.hint}>{t('organisation.cannotCreate')}</p>}

        {choice === 'new' && (
          <div className={css.newOrg} data-testid="new-organisation">
            <p className={css.hint}>{t('organisation.createIntro')}</p>
            <fieldset className={css.section}>
              <legend className={css.legend}>{t('organisation.company')}</legend>
              {field('companyName', { autoComplete: 'organization' })}
              {field('companyAddress', { autoComplete: 'street-address' })}
              <div className={css.pair}>
                {field('companyZip', { autoComplete: 'postal-code' })}
                {field('companyCity', { autoComplete: 'address-level2' })}
              </div>
              {field('customerId')}
              {field('organisationNumber')}
            </fieldset>
            <fieldset className={css.section}>
              <legend className={css.legend}>{t('organisation.contact')}</legend>
              {field('contactName', { autoComplete: 'name' })}
              {field('contactEmail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
              {field('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            </fieldset>
            <fieldset className={css.section}>
              <legend className={css.legend}>{t('organisation.billing')}</legend>
              <label className={css.check}>
                <input type="checkbox" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} />
                <span>{t('organisation.billingSame')}</span>
              </label>
              {!billingSame && (
                <>
                  {field('address')}
                  <div className={css.pair}>
                    {field('zip')}
                    {field('city')}
                  </div>
                </>
              )}
              {field('country', { autoComplete: 'country-name' })}
            </fieldset>
          </div>
        )}

        {problem && (
          <p id={problemId} className={css.problem} role="alert" data-testid="organisation-problem">
            {problem}
          </p>
        )}
        <div className={css.actions}>
          <Button type="submit" variant="primary" disabled={saving} data-testid="organisation-continue">
            {saving ? t('flow.saving') : t('organisation.continue')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
