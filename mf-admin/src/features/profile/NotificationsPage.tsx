import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ALARM_TYPE_MAX,
  ENDPOINTS,
  errorMessage,
  NOTIFICATION_PRIORITIES,
  NOTIFY_MAIL_INTERVALS,
  pathFor,
  type NotificationPriority,
  type NotifyMailInterval,
  type NotifyMailSettings,
  type NotifyMailUpdateBody,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, ErrorState, LoadingState, Select, cx } from '@fieldwatch/shared/ui';
import { Icon, type IconName } from '../admin/Icon';
import { useDesktopPermission, type DesktopPermission } from './desktop-permission';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';
import own from './NotificationsPage.module.css';

/** Alarm type numbers 0–ALARM_TYPE_MAX; those the catalogue names are offered (spec §3 leaves some unused). */
const ALARM_TYPE_NUMBERS = Array.from({ length: ALARM_TYPE_MAX + 1 }, (_, i) => i);

interface Draft {
  email: boolean;
  desktop: boolean;
  priorities: NotificationPriority[];
  /** null: every alarm type. */
  alarmTypes: number[] | null;
  intervalMin: NotifyMailInterval;
}

const draftOf = (s: NotifyMailSettings): Draft => ({
  email: s.email,
  desktop: s.desktop,
  priorities: [...s.priorities],
  alarmTypes: s.alarmTypes ? [...s.alarmTypes] : null,
  intervalMin: s.intervalMin,
});

const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** An on/off switch (a button with role switch), labelled by its row's title. */
function Switch(props: { on: boolean; disabled?: boolean; labelledBy: string; describedBy?: string; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.on}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      disabled={props.disabled}
      className={own.switch}
      onClick={() => props.onChange(!props.on)}
    >
      <span className={own.knob} aria-hidden="true" />
    </button>
  );
}

/** One channel: icon, title and text, its switch, and (when on) what it sends. */
function Channel(props: {
  id: string;
  icon: IconName;
  title: string;
  text: ReactNode;
  on: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  children?: ReactNode;
}) {
  const titleId = `${props.id}-title`;
  const textId = `${props.id}-text`;
  return (
    <section className={own.channel} data-field={props.id} aria-labelledby={titleId}>
      <div className={own.channelHead}>
        <span className={css.channelIcon}>
          <Icon name={props.icon} />
        </span>
        <span className={css.channelText}>
          <strong id={titleId}>{props.title}</strong>
          <span id={textId} className={css.muted}>
            {props.text}
          </span>
        </span>
        <Switch on={props.on} disabled={props.disabled} labelledBy={titleId} describedBy={textId} onChange={props.onChange} />
      </div>
      {props.children}
    </section>
  );
}

function PermissionNote({ permission }: { permission: DesktopPermission }) {
  const { t } = useTranslation('admin');
  const tone = permission === 'granted' ? 'ok' : permission === 'default' ? 'info' : 'warn';
  return (
    <p className={own.permission} data-tone={tone} data-testid="desktop-permission" data-permission={permission}>
      <Icon name={tone === 'ok' ? 'check' : tone === 'info' ? 'bell' : 'alert'} size={16} />
      <span>{t(`profile.notifications.permission.${permission}`)}</span>
    </p>
  );
}

/**
 * /profile/notifications: e-mail notifications (on/off, which priorities and alarm types, at most
 * one digest every N minutes) and desktop notifications (asks the browser for permission when
 * switched on). Saved together with one button; every user, a Reader too, edits his own.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('admin');
  const { api, bus, session } = useRemote();
  const user = useProfileUser();
  const { permission, ask } = useDesktopPermission();
  const formId = useId();
  const [saved, setSaved] = useState<NotifyMailSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    const [data, failed] = await api.get<NotifyMailSettings>(pathFor(ENDPOINTS.notifyMail));
    if (failed || !data) return setLoadFailed(true);
    setSaved(data);
    setDraft(draftOf(data));
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const alarmTypes = useMemo(
    () => ALARM_TYPE_NUMBERS.filter((n) => i18n.exists(`common:alarmType.${n}`)),
    // Per language: the same catalogue keys exist in each.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
  const dirty = useMemo(() => Boolean(saved && draft && !sameDraft(draftOf(saved), draft)), [saved, draft]);

  if (loadFailed)
    return (
      <Card>
        <ErrorState
          title={t('profile.error.title')}
          message={t('profile.notifications.loadFailed')}
          retryLabel={t('common:action.retry')}
          onRetry={() => void load()}
        />
      </Card>
    );
  if (!saved || !draft)
    return (
      <Card>
        <LoadingState label={t('profile.notifications.loading')} />
      </Card>
    );

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const emailBlocked = !saved.hasAddress || !saved.mailAvailable;
  const problems = {
    priorities: draft.email && draft.priorities.length === 0,
    types: draft.email && draft.alarmTypes !== null && draft.alarmTypes.length === 0,
  };

  async function onDesktop(on: boolean) {
    set({ desktop: on });
    if (on && permission === 'default') await ask();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!draft || problems.priorities || problems.types) return;
    setBusy(true);
    const body: NotifyMailUpdateBody = {
      email: draft.email,
      desktop: draft.desktop,
      priorities: draft.priorities,
      alarmTypes: draft.alarmTypes,
      intervalMin: draft.intervalMin,
    };
    try {
      const res = await api.http.put<{ data: NotifyMailSettings }>(pathFor(ENDPOINTS.updateNotifyMail), body);
      const next = res.data.data;
      setSaved(next);
      setDraft(draftOf(next));
      setTried(false);
      // The rest of the app (the overview, desktop pop-ups) reads the switches from the session's user.
      const current = session.getState().user;
      if (current) session.setState({ user: { ...current, notification: { email: next.email, desktop: next.desktop } } });
      bus.emit('toast', { kind: 'success', message: t('profile.notifications.saved'), raw: true });
    } catch (err) {
      bus.emit('toast', {
        kind: 'danger',
        message: t('profile.notifications.saveFailed', { reason: errorMessage(err) }),
        raw: true,
      });
    } finally {
      setBusy(false);
    }
  }

  const togglePriority = (p: NotificationPriority) =>
    set({ priorities: draft.priorities.includes(p) ? draft.priorities.filter((x) => x !== p) : NOTIFICATION_PRIORITIES.filter((x) => x === p || draft.priorities.includes(x)) });
  const toggleType = (n: number) => {
    const list = draft.alarmTypes ?? [];
    set({ alarmTypes: list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b) });
  };

  const emailText = !saved.hasAddress ? (
    <>
      {t('profile.notifications.emailNoAddress')}{' '}
      <Link to="/profile/personal">{t('profile.notifications.addAddress')}</Link>
    </>
  ) : !saved.mailAvailable ? (
    t('profile.notifications.mailUnavailable')
  ) : (
    t('profile.notifications.emailText', { email: user.email })
  );

  return (
    <form className={css.stack} data-testid="profile-notifications" onSubmit={onSubmit} noValidate aria-describedby={`${formId}-status`}>
      <Card title={t('profile.nav.notifications')}>
        <Channel
          id="notify-email"
          icon="mail"
          title={t('profile.fields.emailNotifications')}
          text={emailText}
          on={draft.email}
          // Switching off always works; on needs an address and a server that mails.
          disabled={emailBlocked && !draft.email}
          onChange={(on) => set({ email: on })}
        >
          {draft.email && (
            <div className={own.choices}>
              <fieldset className={own.fieldset} aria-describedby={problems.priorities && tried ? `${formId}-prio` : undefined}>
                <legend>{t('profile.notifications.priorities')}</legend>
                <div className={own.chips}>
                  {NOTIFICATION_PRIORITIES.map((p) => (
                    <label key={p} className={own.chip} data-priority={p}>
                      <input type="checkbox" checked={draft.priorities.includes(p)} onChange={() => togglePriority(p)} />
                      <span>{t(`profile.notifications.priority.${p}`)}</span>
                    </label>
                  ))}
                </div>
                {problems.priorities && tried && (
                  <p id={`${formId}-prio`} className={own.problem} role="alert">
                    {t('profile.notifications.prioritiesNone')}
                  </p>
                )}
              </fieldset>

              <fieldset className={own.fieldset}>
                <legend>{t('profile.notifications.alarmTypes')}</legend>
                <div className={own.radios}>
                  <label>
                    <input type="radio" name="types" checked={draft.alarmTypes === null} onChange={() => set({ alarmTypes: null })} />
                    <span>{t('profile.notifications.allTypes')}</span>
                  </label>
                  <label>
                    <input
                      type="radio"
                      name="types"
                      checked={draft.alarmTypes !== null}
                      onChange={() => set({ alarmTypes: saved.alarmTypes ?? [] })}
                    />
                    <span>{t('profile.notifications.someTypes')}</span>
                  </label>
                </div>
                {draft.alarmTypes !== null && (
                  <>
                    <p className={cx(css.muted, own.count)} aria-live="polite">
                      {t('profile.notifications.typesChosen', { count: draft.alarmTypes.length, total: alarmTypes.length })}
                    </p>
                    <div className={own.types} data-testid="alarm-types">
                      {alarmTypes.map((n) => (
                        <label key={n} className={own.type}>
                          <input type="checkbox" checked={draft.alarmTypes!.includes(n)} onChange={() => toggleType(n)} />
                          <span>{t(`common:alarmType.${n}`)}</span>
                        </label>
                      ))}
                    </div>
                    {problems.types && tried && (
                      <p className={own.problem} role="alert">
                        {t('profile.notifications.typesNone')}
                      </p>
                    )}
                  </>
                )}
              </fieldset>

              <div className={own.interval}>
                <label htmlFor={`${formId}-interval`}>{t('profile.notifications.interval')}</label>
                <Select
                  id={`${formId}-interval`}
                  value={draft.intervalMin}
                  onChange={(e) => set({ intervalMin: Number(e.target.value) as NotifyMailInterval })}
                >
                  {NOTIFY_MAIL_INTERVALS.map((n) => (
                    <option key={n} value={n}>
                      {t(`profile.notifications.every.${n}`)}
                    </option>
                  ))}
                </Select>
                <p className={css.muted}>{t('profile.notifications.intervalHint')}</p>
              </div>
            </div>
          )}
        </Channel>

        <Channel
          id="notify-desktop"
          icon="monitor"
          title={t('profile.fields.desktopNotifications')}
          text={t('profile.notifications.desktopText')}
          on={draft.desktop}
          onChange={(on) => void onDesktop(on)}
        >
          <div className={own.choices}>
            <PermissionNote permission={permission} />
          </div>
        </Channel>

        <div className={own.actions}>
          <Button type="submit" variant="primary" disabled={busy || !dirty}>
            {busy ? t('profile.notifications.saving') : t('profile.notifications.save')}
          </Button>
          <span id={`${formId}-status`} className={css.muted} aria-live="polite">
            {dirty ? t('profile.notifications.unsaved') : ''}
          </span>
        </div>
      </Card>
    </form>
  );
}
