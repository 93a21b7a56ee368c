import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, pathFor, queryKeys, type SessionListItem } from '@fieldwatch/shared';
import { RelativeTime, formatDate, formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card, ConfirmDialog, EmptyState, LoadView } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { parseUserAgent } from './userAgent';
import css from './SessionsPage.module.css';

/** Current session first, then the most recently active. */
function sortSessions(list: readonly SessionListItem[]): SessionListItem[] {
  return [...list].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));
}

/** /profile/sessions: where the user is signed in; other sessions can be signed out. */
export function SessionsPage() {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const state = useApiQuery(queryKeys.userSessions(), () => api.get<SessionListItem[]>(pathFor(ENDPOINTS.sessions), undefined, []));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  /** The sessions a confirmation asks about: one (named) or all the others. */
  const [asking, setAsking] = useState<{ ids: string[]; name?: string } | null>(null);

  async function revoke(ids: string[]) {
    setAsking(null);
    setFailed(false);
    setBusy((b) => new Set([...b, ...ids]));
    let anyFailed = false;
    for (const id of ids) {
      const [, err] = await api.request<unknown>({
        method: ENDPOINTS.revokeSession.method,
        url: pathFor(ENDPOINTS.revokeSession, { id }),
      });
      anyFailed ||= err;
    }
    setBusy((b) => new Set([...b].filter((x) => !ids.includes(x))));
    setFailed(anyFailed);
    if (!anyFailed) {
      bus.emit('toast', {
        kind: 'success',
        message: ids.length === 1 ? t('sessions.revoked') : t('sessions.revokedAll', { count: ids.length }),
        raw: true,
      });
    }
    state.reload();
  }

  const sessions = state.data ? sortSessions(state.data) : [];
  const others = sessions.filter((s) => !s.current);

  return (
    <div className={css.page} data-testid="profile-sessions">
      <Card
        title={t('sessions.title')}
        flush
        actions={
          others.length > 1 ? (
            <Button size="small" variant="danger" disabled={busy.size > 0} onClick={() => setAsking({ ids: others.map((s) => s.id) })}>
              {t('sessions.revokeOthers')}
            </Button>
          ) : undefined
        }
      >
        <p className={css.intro}>{t('sessions.intro')}</p>
        {failed && (
          <p className={css.failed} role="alert">
            {t('sessions.revokeFailed')}
          </p>
        )}
        <LoadView
          bare
          load={state}
          labels={loadViewLabels(t, 'sessions.', { stale: false })}
        >
          {() =>
            sessions.length === 0 ? (
              <EmptyState title={t('sessions.empty.title')}>
                <span>{t('sessions.empty.text')}</span>
              </EmptyState>
            ) : (
              <ul className={css.list} aria-label={t('sessions.listLabel')}>
                {sessions.map((s) => (
                  <SessionRow key={s.id} session={s} busy={busy.has(s.id)} onRevoke={(name) => setAsking({ ids: [s.id], name })} />
                ))}
              </ul>
            )
          }
        </LoadView>
      </Card>
      {asking && (
        <ConfirmDialog
          title={asking.name ? t('sessions.confirm.title') : t('sessions.confirm.titleAll')}
          confirmLabel={t('sessions.revoke')}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          onConfirm={() => void revoke(asking.ids)}
          onCancel={() => setAsking(null)}
          danger
          testId="session-revoke-dialog"
        >
          {asking.name
            ? t('sessions.confirm.text', { name: asking.name })
            : t('sessions.confirm.textAll', { count: asking.ids.length })}
        </ConfirmDialog>
      )}
    </div>
  );
}

function SessionRow({ session, busy, onRevoke }: { session: SessionListItem; busy: boolean; onRevoke: (name: string) => void }) {
  const { t } = useTranslation('admin');
  const device = parseUserAgent(session.userAgent);
  const name =
    device.browser && device.os
      ? t('sessions.browserOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('sessions.unknownDevice'));
  const timeConfig = useTimeConfig();
  const on = (iso: string) => (
    <time dateTime={iso} title={formatDateTime(iso, timeConfig)}>
      {formatDate(iso, timeConfig)}
    </time>
  );
  return (
    <li className={css.row} data-testid="session-row" data-current={session.current}>
      <span className={css.icon}>
        <Icon name={device.mobile ? 'phone' : 'monitor'} size={20} />
      </span>
      <div className={css.main}>
        <div className={css.head}>
          <span className={css.name} title={session.userAgent || undefined}>
            {name}
          </span>
          {session.current && <span className={css.current}>{t('sessions.current')}</span>}
        </div>
        <div className={css.meta}>
          {session.ip && <span className={css.mono}>{session.ip}</span>}
          <span>
            {t('sessions.lastSeen')} <RelativeTime date={session.lastSeen} />
          </span>
          <span>
            {t('sessions.created')} {on(session.created)}
          </span>
          <span>
            {t('sessions.expires')} {on(session.expires)}
          </span>
        </div>
      </div>
      {!session.current && (
        <Button size="small" onClick={() => onRevoke(name)} disabled={busy} aria-label={busy ? undefined : t('sessions.revokeLabel', { name })}>
          {busy ? t('sessions.revoking') : t('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}
