import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_TOKEN_SCOPES,
  queryKeys,
  type AdminOrganization,
  type ApiTokenCreated,
  type ApiTokenScope,
  type ApiTokenSummary,
} from '@fieldwatch/shared';
import { formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import {
  Button,
  buttonClassName,
  Card,
  Chip,
  ConfirmDialog,
  EmptyState,
  LoadView,
  Modal,
  PageHeader,
  Select,
  Table,
  TextField,
  type Tone,
} from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { loadOrganizations, serverMessage } from '../general/orgs';
import { createToken, expiryOf, loadTokens, maskedPrefix, revokeToken } from './load';
import css from './ApiTokensPage.module.css';

const origin = () => (typeof location !== 'undefined' ? location.origin : '');

const STATUS_TONE: Record<ApiTokenSummary['status'], Tone> = { active: 'success', expired: 'warning', revoked: 'muted' };

/** /admin/api: the API tokens of the SuperUser's organisations — create (shown once), list, revoke. */
export function ApiTokensPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const tokens = useApiQuery(queryKeys.apiTokens(), () => loadTokens(api));
  const orgs = useApiQuery(queryKeys.adminOrganizations(), () => loadOrganizations(api));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const orgList = orgs.data?.kind === 'ok' ? orgs.data.orgs : [];

  return (
    <div data-testid="admin-api">
      <PageHeader
        title={t('sections.api.title')}
        subtitle={t('apiTokens.subtitle')}
        actions={
          tokens.data?.kind === 'ok' && orgList.length > 0 ? (
            <Button variant="primary" onClick={() => setCreating(true)} data-testid="token-create">
              {t('apiTokens.create')}
            </Button>
          ) : undefined
        }
      />
      <LoadView load={tokens} labels={loadViewLabels(t, 'apiTokens.', { stale: false })}>
        {(data) =>
          data.kind === 'forbidden' ? <NoAccess /> : <TokenTable tokens={data.tokens} orgs={orgList} onCreate={() => setCreating(true)} />
        }
      </LoadView>
      {creating && (
        <CreateDialog
          orgs={orgList}
          onClose={() => setCreating(false)}
          onCreated={(tok) => {
            setCreating(false);
            setCreated(tok);
          }}
        />
      )}
      {created && <ShowOnce token={created} onClose={() => setCreated(null)} />}
    </div>
  );
}

function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <div className={css.noAccess} role="status" data-testid="tokens-no-access">
        <Icon name="lock" size={26} />
        <h2>{t('apiTokens.noAccess.title')}</h2>
        <p>{t('apiTokens.noAccess.text')}</p>
        <Link to="/profile" className={buttonClassName()}>
          {t('users.noAccess.action')}
        </Link>
      </div>
    </Card>
  );
}

function TokenTable({ tokens, orgs, onCreate }: { tokens: ApiTokenSummary[]; orgs: AdminOrganization[]; onCreate(): void }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const tc = useTimeConfig();
  const [asking, setAsking] = useState<ApiTokenSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const orgName = (id: number) => orgs.find((o) => o.id === id)?.name ?? `#${id}`;
  const sorted = useMemo(
    () => [...tokens].sort((a, b) => Number(a.status !== 'active') - Number(b.status !== 'active') || b.id - a.id),
    [tokens],
  );

  async function revoke(tok: ApiTokenSummary) {
    setBusy(true);
    setError(undefined);
    try {
      await revokeToken(api, tok.id);
      setAsking(null);
      bus.emit('toast', { kind: 'success', message: t('apiTokens.revoked', { name: tok.name }), raw: true });
      await client.invalidateQueries({ queryKey: queryKeys.apiTokens() });
    } catch (err) {
      setError(serverMessage(err) ?? t('apiTokens.revokeFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (tokens.length === 0) {
    return (
      <Card>
        <EmptyState title={t('apiTokens.empty.title')}>
          <span>{t('apiTokens.empty.text')}</span>
          {orgs.length > 0 && (
            <Button size="small" variant="primary" onClick={onCreate}>
              {t('apiTokens.create')}
            </Button>
          )}
        </EmptyState>
      </Card>
    );
  }

  const col = {
    name: t('apiTokens.col.nameAndOrganisation'),
    organisation: t('apiTokens.col.organisation'),
    scopes: t('apiTokens.col.scopes'),
    prefix: t('apiTokens.col.prefix'),
    created: t('apiTokens.col.created'),
    lastUsed: t('apiTokens.col.lastUsed'),
    expires: t('apiTokens.col.expires'),
    status: t('apiTokens.col.status'),
    actions: t('apiTokens.col.actions'),
  };
  return (
    <Card flush>
      <div className={css.tableArea}>
        <Table label={t('apiTokens.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{col.name}</th>
              <th scope="col">{col.scopes}</th>
              <th scope="col">{col.prefix}</th>
              <th scope="col">{col.created}</th>
              <th scope="col">{col.lastUsed}</th>
              <th scope="col">{col.expires}</th>
              <th scope="col">{col.status}</th>
              <th scope="col">
                <span className={css.srOnly}>{col.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((tok) => (
              <tr key={tok.id} data-testid="token-row" data-status={tok.status}>
                <td>
                  <span className={css.stack}>
                    <span className={css.name}>{tok.name}</span>
                    <span className={css.muted} title={col.organisation}>
                      {orgName(tok.organizationId)}
                    </span>
                  </span>
                </td>
                <td data-label={col.scopes}>
                  <span className={css.scopes}>
                    {tok.scopes.map((s) => (
                      <Chip key={s} tone={s === 'read' ? 'info' : 'neutral'} title={t(`apiTokens.scopeHint.${s}`)}>
                        {t(`apiTokens.scope.${s}`)}
                      </Chip>
                    ))}
                  </span>
                </td>
                <td data-label={col.prefix}>
                  <code className={css.mono}>{maskedPrefix(tok.prefix)}</code>
                </td>
                <td data-label={col.created}>
                  <span className={css.stack}>
                    <span>{formatDateTime(tok.createdAt, tc)}</span>
                    <span className={css.muted}>{tok.createdBy ? tok.createdBy.name : t('apiTokens.deletedUser')}</span>
                  </span>
                </td>
                <td data-label={col.lastUsed} data-testid="token-last-used">
                  {tok.lastUsedAt ? formatDateTime(tok.lastUsedAt, tc) : <span className={css.muted}>{t('apiTokens.never')}</span>}
                </td>
                <td data-label={col.expires}>
                  {tok.expiresAt ? formatDateTime(tok.expiresAt, tc) : <span className={css.muted}>{t('apiTokens.noExpiry')}</span>}
                </td>
                <td data-label={col.status}>
                  <Chip tone={STATUS_TONE[tok.status]}>{t(`apiTokens.status.${tok.status}`)}</Chip>
                </td>
                <td className={css.actions}>
                  {tok.status !== 'revoked' && (
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => {
                        setError(undefined);
                        setAsking(tok);
                      }}
                      aria-label={t('apiTokens.revokeNamed', { name: tok.name })}
                      data-testid="token-revoke"
                    >
                      {t('apiTokens.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {asking && (
        <ConfirmDialog
          title={t('apiTokens.revokeTitle')}
          confirmLabel={t('apiTokens.revoke')}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger
          busy={busy}
          error={error}
          onCancel={() => setAsking(null)}
          onConfirm={() => void revoke(asking)}
          testId="token-revoke-dialog"
        >
          {t('apiTokens.revokeText', { name: asking.name, prefix: maskedPrefix(asking.prefix) })}
        </ConfirmDialog>
      )}
    </Card>
  );
}

function CreateDialog({
  orgs,
  onClose,
  onCreated,
}: {
  orgs: AdminOrganization[];
  onClose(): void;
  onCreated(tok: ApiTokenCreated): void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [org, setOrg] = useState<number>(orgs[0]?.id ?? 0);
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['ingest']);
  const [expiry, setExpiry] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = new Date();
  const minDay = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  const toggle = (s: ApiTokenScope) =>
    setScopes((old) => (old.includes(s) ? old.filter((x) => x !== s) : [...old, s]));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!name.trim()) {
      setNameError(t('apiTokens.form.nameBlank'));
      return;
    }
    setNameError(undefined);
    if (scopes.length === 0) {
      setFailure(t('apiTokens.form.scopeNone'));
      return;
    }
    setBusy(true);
    try {
      const tok = await createToken(api, {
        name: name.trim(),
        organizationId: org,
        scopes,
        expiresAt: expiry ? expiryOf(expiry) : null,
      });
      await client.invalidateQueries({ queryKey: queryKeys.apiTokens() });
      onCreated(tok);
    } catch (err) {
      setFailure(serverMessage(err) ?? t('apiTokens.form.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('apiTokens.form.title')}
      onClose={busy ? () => undefined : onClose}
      closeLabel={t('common:action.close')}
      testId="token-create-dialog"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" type="submit" form="token-create-form" disabled={busy} aria-busy={busy || undefined}>
            {t('apiTokens.form.submit')}
          </Button>
        </>
      }
    >
      <form id="token-create-form" className={css.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('apiTokens.form.name')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          placeholder={t('apiTokens.form.namePlaceholder')}
          data-autofocus
          data-testid="token-name"
        />
        <label className={css.field}>
          <span className={css.label}>{t('apiTokens.form.organisation')}</span>
          <Select value={String(org)} onChange={(e) => setOrg(Number(e.target.value))} data-testid="token-org">
            {orgs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </label>
        <fieldset className={css.fieldset}>
          <legend className={css.label}>{t('apiTokens.form.scopes')}</legend>
          {API_TOKEN_SCOPES.map((s) => (
            <label key={s} className={css.check}>
              <input type="checkbox" checked={scopes.includes(s)} onChange={() => toggle(s)} data-testid={`token-scope-${s}`} />
              <span>
                <strong>{t(`apiTokens.scope.${s}`)}</strong>
                <span className={css.muted}>{t(`apiTokens.scopeHint.${s}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className={css.field}>
          <span className={css.label}>{t('apiTokens.form.expiry')}</span>
          <input
            type="date"
            className={css.date}
            value={expiry}
            min={minDay}
            onChange={(e) => setExpiry(e.target.value)}
            data-testid="token-expiry"
          />
          <span className={css.hint}>{t('apiTokens.form.expiryHint')}</span>
        </label>
        {failure && (
          <p className={css.error} role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The new token, once: copy it now, it is never shown again. */
function ShowOnce({ token, onClose }: { token: ApiTokenCreated; onClose(): void }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Modal
      title={t('apiTokens.once.title', { name: token.name })}
      onClose={onClose}
      closeLabel={t('common:action.close')}
      testId="token-created-dialog"
      footer={
        <Button variant="primary" onClick={onClose} data-testid="token-done">
          {t('apiTokens.once.done')}
        </Button>
      }
    >
      <div className={css.once}>
        <p className={css.warning} role="alert">
          <Icon name="alert" size={18} />
          <span>{t('apiTokens.once.warning')}</span>
        </p>
        <div className={css.tokenRow}>
          <input
            className={css.tokenValue}
            readOnly
            value={token.token}
            aria-label={t('apiTokens.once.label')}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="token-value"
          />
          <Button onClick={() => void copy()} data-testid="token-copy">
            {copied === 'yes' ? t('apiTokens.once.copied') : t('apiTokens.once.copy')}
          </Button>
        </div>
        {copied === 'failed' && (
          <p className={css.error} role="alert">
            {t('apiTokens.once.copyFailed')}
          </p>
        )}
        <p className={css.muted}>{t('apiTokens.once.usage')}</p>
        <pre className={css.example} data-testid="token-example">
          {token.scopes.includes('read')
            ? `curl -H "Authorization: Bearer ${token.prefix}…" \\\n  ${origin()}/api/v2/device/devices`
            : `curl -X POST -H "Authorization: Bearer ${token.prefix}…" \\\n  -H "Content-Type: application/json" \\\n  -d '{"points":[{"unitId":1,"channel":1,"ts":"2026-01-01T12:00:00Z","value":4.2}]}' \\\n  ${origin()}/api/v3/ingest`}
        </pre>
      </div>
    </Modal>
  );
}
