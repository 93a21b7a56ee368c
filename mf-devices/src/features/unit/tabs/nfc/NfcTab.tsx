/**
 * A unit's NFC: the tag it carries (GET {host}/api/v1/nfc/tag?unit, where {host} is the NFC tag
 * service the deployment's configuration names — this server when none), and what the tag does
 * when a phone reads it — its template — and whether it answers — its status. Template and status
 * live in the unit's settings document (section `nfc`), saved under the document's revision like
 * every settings tab.
 *
 * The tag can be changed (a tag replaced on site, a wrong id corrected) or removed, when the tags
 * are this server's: PUT /api/v3/device/devices/:id/nfc/tag, the id checked first by the shared
 * rule (domain/nfc-tag); a tag another unit carries is refused. A deployment whose tags are kept by
 * another NFC service says where to change them instead.
 */
import { type FormEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type ClientConfig,
  ENDPOINTS,
  fromResult,
  isTagId,
  normalizeTagId,
  pathFor,
  queryKeys,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, ConfirmDialog, LoadView, TextField } from '@fieldwatch/shared/ui';
import type { SettingsField } from '../../settings/fields';
import { SettingsFormView } from '../../settings/SettingsForm';
import { useUnitSettings } from '../../settings/useSettingsForm';
import type { UnitTabProps } from '../types';
import { unitKeys, write, type WriteState, WriteStatus } from '../../settings/tab-kit';
import css from './NfcTab.module.css';

/** What a phone reading the tag gets: the onboarding flow, the unit's page, the service contact, or nothing. */
export const NFC_TEMPLATES = ['onboarding', 'unitPage', 'service', 'none'] as const;
/** active: the tag answers; locked: it answers but cannot be rewritten; disabled: it does not answer. */
export const NFC_STATUSES = ['active', 'locked', 'disabled'] as const;

export const NFC_FIELDS: readonly SettingsField[] = [
  {
    kind: 'choice',
    section: 'nfc',
    key: 'template',
    label: 'unitTabs.nfc.template',
    options: NFC_TEMPLATES,
    default: 'onboarding',
  },
  {
    kind: 'choice',
    section: 'nfc',
    key: 'status',
    label: 'unitTabs.nfc.status',
    options: NFC_STATUSES,
    default: 'active',
  },
];

type Tag = { tag_uuid: string };

export function NfcTab({ unitId, details, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  // Where the tags are asked: the deployment's NFC host (read once per page load), else this server.
  const config = useQuery({
    queryKey: queryKeys.clientConfig(),
    queryFn: fromResult(() => api.get<ClientConfig>(pathFor(ENDPOINTS.config))),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const host = config.isError
    ? ''
    : config.data
      ? (config.data.nfcHost ?? '').replace(/\/+$/, '')
      : undefined;
  const tagKey = [...unitKeys.nfcTag(unitId), host ?? ''];
  const tagQuery = useQuery({
    queryKey: tagKey,
    queryFn: fromResult(() => api.get<Tag>(`${host ?? ''}${pathFor(ENDPOINTS.nfcTag)}`, { unit: unitId })),
    enabled: host !== undefined,
  });
  const tag = {
    status:
      tagQuery.isFetching || host === undefined
        ? ('loading' as const)
        : tagQuery.isError
          ? ('error' as const)
          : ('ready' as const),
    data: tagQuery.data,
    reload: () => void (config.isError ? config.refetch() : tagQuery.refetch()),
  };
  const settings = useUnitSettings(unitId);
  const retry = t('common:action.retry');

  return (
    <div className={css.tab} data-testid="nfc-tab">
      <Card title={t('unitTabs.nfc.tagTitle')} data-testid="nfc-tag">
        <LoadView
          load={tag}
          labels={{
            loading: t('unitTabs.nfc.tagLoading'),
            errorTitle: t('unitTabs.nfc.fetchTagFailed'),
            errorText: t('unitTabs.nfc.fetchFailedText'),
            retry,
          }}
          bare
        >
          {(data) => (
            <>
              {data.tag_uuid ? (
                <dl className={css.tag}>
                  <dt>{t('unitTabs.nfc.tagId')}</dt>
                  <dd>
                    <code data-testid="nfc-tag-id">{data.tag_uuid}</code>
                  </dd>
                </dl>
              ) : (
                <p className={css.muted} data-testid="nfc-no-tag">
                  {t('unitTabs.nfc.noTag')}
                </p>
              )}
              {canEdit && host === '' && (
                <TagEditor unitId={unitId} unitName={details.UnitName} current={data.tag_uuid} tagKey={tagKey} />
              )}
            </>
          )}
        </LoadView>
        <p className={css.muted}>
          {canEdit && host ? t('unitTabs.nfc.tagElsewhere', { host }) : t('unitTabs.nfc.tagHelp')}
        </p>
      </Card>
      <Card title={t('unitTabs.nfc.settingsTitle')} data-testid="nfc-settings">
        <LoadView
          load={settings}
          labels={{
            loading: t('unitTabs.nfc.settingsLoading'),
            errorTitle: t('unitTabs.nfc.fetchFailed'),
            errorText: t('unitTabs.nfc.fetchFailedText'),
            retry,
          }}
          bare
        >
          {(doc) => (
            <SettingsFormView
              unitId={unitId}
              settings={doc}
              fields={NFC_FIELDS}
              canEdit={canEdit}
              saveTexts={{ saved: t('unitTabs.nfc.saved'), failed: t('unitTabs.nfc.updateFailed') }}
              saveTestId="nfc-save"
            />
          )}
        </LoadView>
      </Card>
    </div>
  );
}

/** Changing or removing the tag; what the user typed stays on a failure. */
function TagEditor(props: { unitId: number; unitName: string; current: string; tagKey: readonly unknown[] }) {
  const { unitId, current } = props;
  const { t } = useTranslation('devices');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = state.kind === 'saving';

  const send = async (tagUuid: string): Promise<boolean> => {
    setState({ kind: 'saving' });
    const res = await write<Tag>(api, 'PUT', pathFor(ENDPOINTS.setNfcTag, { id: unitId }), { tagUuid });
    if (!res.ok) {
      const message =
        res.status === 403
          ? t('unitTabs.common.forbidden')
          : res.status === 409
            ? t('unitTabs.nfc.tagInUse')
            : res.status === 400
              ? t('unitTabs.nfc.tagInvalid')
              : t('unitTabs.nfc.updateTagFailed');
      setState({ kind: 'error', message });
      bus.emit('toast', { kind: 'danger', message, raw: true });
      return false;
    }
    queryClient.setQueryData<Tag>(props.tagKey, res.data);
    setText('');
    const message = res.data.tag_uuid ? t('unitTabs.nfc.tagChanged', { tag: res.data.tag_uuid }) : t('unitTabs.nfc.tagRemoved');
    setState({ kind: 'saved', message });
    bus.emit('toast', { kind: 'success', message, raw: true });
    return true;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tag = normalizeTagId(text);
    // The same rule the server applies.
    if (!isTagId(tag)) return setProblem(t('unitTabs.nfc.tagInvalid'));
    if (tag === current) return setProblem(t('unitTabs.nfc.tagSame'));
    setProblem(undefined);
    void send(tag);
  };

  return (
    <form className={css.editor} noValidate onSubmit={submit} data-testid="nfc-tag-editor">
      <div className={css.editorField}>
        <TextField
          label={current ? t('unitTabs.nfc.newTag') : t('unitTabs.nfc.addTag')}
          value={text}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('unitTabs.nfc.tagPlaceholder')}
          error={problem}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
            setState((s) => (s.kind === 'saved' || s.kind === 'error' ? { kind: 'idle' } : s));
          }}
        />
      </div>
      <div className={css.editorActions}>
        <Button type="submit" variant="primary" disabled={busy || text.trim() === ''} aria-busy={busy || undefined} data-testid="nfc-tag-save">
          {current ? t('unitTabs.nfc.changeTag') : t('unitTabs.nfc.saveTag')}
        </Button>
        {current && (
          <Button variant="danger" disabled={busy} onClick={() => setConfirmRemove(true)} data-testid="nfc-tag-remove">
            {t('unitTabs.nfc.removeTag')}
          </Button>
        )}
        <span aria-live="polite">
          <WriteStatus state={state} testId="nfc-tag-status" />
        </span>
      </div>
      {confirmRemove && (
        <ConfirmDialog
          title={t('unitTabs.nfc.removeTitle')}
          confirmLabel={t('unitTabs.nfc.removeTag')}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger
          busy={busy}
          onCancel={() => setConfirmRemove(false)}
          error={state.kind === 'error' ? state.message : undefined}
          onConfirm={() => {
            void send('').then((ok) => ok && setConfirmRemove(false));
          }}
          testId="nfc-tag-remove-confirm"
        >
          <p>{t('unitTabs.nfc.removeText', { tag: current, unit: props.unitName })}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
