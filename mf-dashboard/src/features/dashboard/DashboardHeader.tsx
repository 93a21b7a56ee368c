/**
 * The dashboard's header: its name, when the units were updated, the save state (or "view only"),
 * auto refresh and refresh, "Add widget", the phone/touch "Edit layout" switch, and the
 * dashboard menu (new, rename, delete for custom dashboards, restore for built-ins).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  AUTO_REFRESH_MS,
  CUSTOM_DASHBOARD_NAME,
  DASHBOARD_NAME_KEYS,
  encodeDashboardId,
  type DashboardKind,
  type DashboardSummary,
  type DashboardTemplate,
  type Unit,
} from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Icon, PageHeader, Spinner, TextField } from '@fieldwatch/shared/ui';
import { useBoard, useBoardState } from '../../dashboard/context';
import { useDashboardManagement } from '../../dashboard/manage';
import { formatTime, useTimeConfig } from '../../widgets/format';
import { Menu, Modal } from './Modal';
import css from './DashboardPage.module.css';

const AUTO_REFRESH_KEY = 'fw.dashboard.autoRefresh';

/** Auto refresh (spec §4): on, every AUTO_REFRESH_MS the units are fetched again and the refresh key bumped. */
export function useAutoRefresh() {
  const { api, session } = useRemote();
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(AUTO_REFRESH_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => {
    setBusy(true);
    const [units, failed] = await api.get<Unit[]>('/api/v2/device/devices', { use_context: true }, []);
    if (!failed && units) session.getState().setDevices(units);
    session.getState().bumpRefresh();
    setBusy(false);
  }, [api, session]);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => void refresh(), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, refresh]);
  const toggle = useCallback((next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(AUTO_REFRESH_KEY, next ? 'on' : 'off');
    } catch {
      /* private mode: the choice lasts for this page */
    }
  }, []);
  return { on, toggle, refresh, busy };
}

type Dialog = 'create' | 'rename' | 'delete' | 'restore' | null;

export function DashboardHeader(props: {
  summary: DashboardSummary;
  readOnly: boolean;
  canEditLayout: boolean;
  editMode: boolean;
  onEditMode(on: boolean): void;
  onAddWidget(): void;
}) {
  const { summary, readOnly } = props;
  const { t } = useTranslation('dashboard');
  const { board } = useBoard();
  const loadedAt = useSession((s) => s.devicesLoadedAt);
  // In the user's time zone and 12/24 h format, like every time in the widgets below it.
  const timeConfig = useTimeConfig();
  const saveStatus = useBoardState((s) => s.saveStatus);
  const auto = useAutoRefresh();
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = useDashboardManagement();
  const navigate = useNavigate();
  const title = summary.static ? t(`common:${DASHBOARD_NAME_KEYS[summary.static]}`) : summary.name;

  const menu = [
    { key: 'create', label: t('manage.create'), onSelect: () => setDialog('create') },
    ...(summary.static
      ? [{ key: 'restore', label: t('manage.restore'), onSelect: () => setDialog('restore') }]
      : [
          { key: 'rename', label: t('manage.rename'), onSelect: () => setDialog('rename') },
          { key: 'delete', label: t('manage.delete'), danger: true, onSelect: () => setDialog('delete') },
        ]),
  ];

  const subtitle = (
    <span className={css.subtitle}>
      <span data-testid="updated-at">
        {loadedAt
          ? t('updatedAt', { time: formatTime(loadedAt, timeConfig, true) })
          : t('common:state.loading')}
      </span>
      {readOnly ? (
        <span className={css.viewOnly} data-testid="view-only" title={t('board.viewOnlyHint')}>
          {t('board.viewOnly')}
        </span>
      ) : (
        <SaveState status={saveStatus} onRetry={() => void board.flush()} />
      )}
    </span>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <div className={css.actions}>
            {props.canEditLayout && (
              <label className={css.switch}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={props.editMode}
                  onChange={(e) => props.onEditMode(e.target.checked)}
                />
                <span>{t('board.editLayout')}</span>
              </label>
            )}
            <label className={css.switch} title={t('board.autoRefreshHint')}>
              <input
                type="checkbox"
                role="switch"
                checked={auto.on}
                onChange={(e) => auto.toggle(e.target.checked)}
              />
              <span>{t('board.autoRefresh')}</span>
            </label>
            <Button
              onClick={() => void auto.refresh()}
              disabled={auto.busy}
              aria-busy={auto.busy}
              aria-label={t('board.refresh')}
              title={t('board.refresh')}
            >
              <Icon name="refresh" size={16} className={auto.busy ? css.spinning : undefined} />
              <span className={css.hideNarrow}>{t('board.refresh')}</span>
            </Button>
            <Button variant="primary" onClick={props.onAddWidget}>
              <Icon name="layout" size={16} />
              <span>{t('board.addWidget')}</span>
            </Button>
            {!readOnly && (
              <Menu
                label={t('manage.menu')}
                items={menu}
                testId="dashboard-menu"
                buttonClassName={css.menuButton}
              />
            )}
          </div>
        }
      />
      {dialog === 'create' && (
        <CreateDialog
          onClose={() => setDialog(null)}
          loadTemplates={manage.templates}
          onCreate={async (name, templateId) => {
            const doc = await manage.create(name, templateId);
            if (doc) {
              setDialog(null);
              navigate(`/dashboard/${encodeDashboardId(doc.id)}`);
            }
          }}
        />
      )}
      {dialog === 'rename' && (
        <RenameDialog
          initial={summary.name}
          onClose={() => setDialog(null)}
          onRename={async (name) => {
            const doc = await manage.rename(summary.id, name);
            if (doc) setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('manage.deleteTitle')}
          text={t('manage.deleteText', { name: title })}
          action={t('manage.delete')}
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            // Nothing pending may be written after the dashboard is gone.
            if (await manage.remove(summary.id)) {
              board.discard();
              navigate('/dashboard/default');
              await manage.refreshList();
            } else setDialog(null);
          }}
        />
      )}
      {dialog === 'restore' && (
        <ConfirmDialog
          title={t('manage.restoreTitle')}
          text={t('manage.restoreText', { name: title })}
          action={t('manage.restore')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const doc = await manage.restore(summary.id);
            if (doc) board.replace(doc);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}

function SaveState({ status, onRetry }: { status: string; onRetry(): void }) {
  const { t } = useTranslation('dashboard');
  if (status === 'failed')
    return (
      <span className={css.saveFailed} data-testid="save-state" data-status={status}>
        {t('board.saveState.failed')}
        <button type="button" className={css.linkButton} onClick={onRetry}>
          {t('common:action.retry')}
        </button>
      </span>
    );
  return (
    <span className={css.saveState} data-testid="save-state" data-status={status}>
      {t(`board.saveState.${status}`)}
    </span>
  );
}

function useSubmitting() {
  const [busy, setBusy] = useState(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const run = useCallback(async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      if (live.current) setBusy(false);
    }
  }, []);
  return { busy, run };
}

function CreateDialog(props: {
  onClose(): void;
  loadTemplates(): Promise<DashboardTemplate[] | null>;
  onCreate(name: string, templateId: DashboardKind | null): Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<DashboardKind | ''>('');
  const [templates, setTemplates] = useState<DashboardTemplate[] | null>(null);
  const { busy, run } = useSubmitting();
  const { loadTemplates } = props;
  useEffect(() => {
    let live = true;
    void loadTemplates().then((list) => live && setTemplates(list ?? []));
    return () => {
      live = false;
    };
  }, [loadTemplates]);
  const submit = () => void run(() => props.onCreate(name || CUSTOM_DASHBOARD_NAME, template || null));
  return (
    <Modal
      title={t('manage.createTitle')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      testId="create-dashboard-dialog"
      footer={
        <>
          <Button onClick={props.onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={submit} disabled={busy} aria-busy={busy}>
            {t('manage.createAction')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('manage.name')}
        placeholder={CUSTOM_DASHBOARD_NAME}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && submit()}
      />
      <fieldset className={css.templates}>
        <legend className={css.legend}>{t('manage.startFrom')}</legend>
        <label className={css.templateOption}>
          <input type="radio" name="template" checked={template === ''} onChange={() => setTemplate('')} />
          <span>
            <strong>{t('manage.empty')}</strong>
            <span className={css.muted}>{t('manage.emptyHint')}</span>
          </span>
        </label>
        {templates === null ? (
          <Spinner label={t('common:state.loading')} />
        ) : (
          templates.map((tpl) => (
            <label key={tpl.id} className={css.templateOption}>
              <input
                type="radio"
                name="template"
                checked={template === tpl.id}
                onChange={() => setTemplate(tpl.id)}
              />
              <span>
                <strong>{t(`common:${tpl.nameKey}`)}</strong>
                <span className={css.muted}>
                  {t('manage.templateHint', { count: tpl.content.widgets.length })}
                </span>
              </span>
            </label>
          ))
        )}
      </fieldset>
    </Modal>
  );
}

function RenameDialog(props: { initial: string; onClose(): void; onRename(name: string): Promise<void> }) {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState(props.initial);
  const { busy, run } = useSubmitting();
  const valid = name.trim().length > 0;
  const submit = () => valid && void run(() => props.onRename(name));
  return (
    <Modal
      title={t('manage.renameTitle')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={submit} disabled={!valid || busy}>
            {t('common:action.save')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('manage.name')}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && submit()}
      />
    </Modal>
  );
}

function ConfirmDialog(props: {
  title: string;
  text: string;
  action: string;
  danger?: boolean;
  onClose(): void;
  onConfirm(): Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const { busy, run } = useSubmitting();
  return (
    <Modal
      title={props.title}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t('common:action.cancel')}</Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            data-autofocus
            disabled={busy}
            onClick={() => void run(props.onConfirm)}
          >
            {props.action}
          </Button>
        </>
      }
    >
      <p className={css.dialogText}>{props.text}</p>
    </Modal>
  );
}
