/**
 * A unit's NFC: the tag it carries (GET {host}/api/v1/nfc/tag?unit, where {host} is the NFC tag
 * service the deployment's configuration names — this server when none; read only: tags are
 * registered at production and activated through onboarding), and what the tag does when a phone reads it — its
 * template — and whether it answers — its status. Template and status live in the unit's settings
 * document (section `nfc`), saved under the document's revision like every settings tab.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type ClientConfig,
  ENDPOINTS,
  fromResult,
  pathFor,
  queryKeys,
  type UnitSettings,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, LoadView } from '@fieldwatch/shared/ui';
import type { SettingsField } from '../../settings/fields';
import { ConflictNotice, FieldInput } from '../../settings/SettingsForm';
import { useSettingsForm, useUnitSettings } from '../../settings/useSettingsForm';
import type { UnitTabProps } from '../types';
import { unitKeys } from '../../settings/tab-kit';
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

export function NfcTab({ unitId, canEdit }: UnitTabProps) {
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
  const tagQuery = useQuery({
    queryKey: [...unitKeys.nfcTag(unitId), host ?? ''],
    queryFn: fromResult(() =>
      api.get<{ tag_uuid: string }>(`${host ?? ''}${pathFor(ENDPOINTS.nfcTag)}`, { unit: unitId }),
    ),
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
          {(data) =>
            data.tag_uuid ? (
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
            )
          }
        </LoadView>
        <p className={css.muted}>{t('unitTabs.nfc.tagHelp')}</p>
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
          {(doc) => <NfcForm unitId={unitId} settings={doc} canEdit={canEdit} />}
        </LoadView>
      </Card>
    </div>
  );
}

function NfcForm({
  unitId,
  settings,
  canEdit,
}: {
  unitId: number;
  settings: UnitSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation('devices');
  const form = useSettingsForm(unitId, settings, NFC_FIELDS);
  const saving = form.status === 'saving';
  return (
    <form
      className={css.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canEdit) void form.save();
      }}
    >
      <ConflictNotice form={form} />
      <div className={css.grid}>
        {NFC_FIELDS.map((f) => (
          <FieldInput key={f.key} form={form} field={f} canEdit={canEdit} />
        ))}
      </div>
      {canEdit ? (
        <div className={css.saveBar}>
          <Button
            type="submit"
            variant="primary"
            disabled={saving || !form.dirty || form.conflict !== null}
            aria-busy={saving || undefined}
            data-testid="nfc-save"
          >
            {saving ? t('unitTabs.common.saving') : t('common:action.save')}
          </Button>
          {form.dirty && !saving && <Button onClick={form.discard}>{t('unitTabs.common.discard')}</Button>}
          <span aria-live="polite" className={css.status}>
            {form.status === 'saved' && (
              <span className={css.saved} role="status">
                {t('unitTabs.nfc.saved')}
              </span>
            )}
            {form.status === 'error' && (
              <span className={css.error} role="alert">
                {t('unitTabs.nfc.updateFailed')}
              </span>
            )}
          </span>
        </div>
      ) : (
        <p className={css.muted}>{t('unitTabs.common.readOnly')}</p>
      )}
    </form>
  );
}
