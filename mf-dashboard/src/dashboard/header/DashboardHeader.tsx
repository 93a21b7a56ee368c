/**
 * The dashboard's header: its name, when the units were updated, the save state (or "view only"),
 * auto refresh and refresh, "Add widget", the phone/touch "Edit layout" switch, and the
 * dashboard menu (new, rename, delete for custom dashboards, restore for built-ins).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NAME_KEYS, encodeDashboardId, type DashboardSummary } from '@fieldwatch/shared';
import { Button, Icon, PageHeader } from '@fieldwatch/shared/ui';
import { useBoard, useBoardState } from '../board/BoardContext';
import { formatTime, useTimeConfig } from '../../widgets/kit/time-format';
import { Menu } from '@fieldwatch/shared/ui';
import { ConfirmDialog, CreateDialog, RenameDialog } from './ManageDialogs';
import { useAutoRefresh } from './useAutoRefresh';
import { useDashboardManagement } from './useDashboardManagement';
import css from '../DashboardPage.module.css';

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
  const { board, unitsLoadedAt: loadedAt } = useBoard();
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
        <span
          className={css.viewOnly}
          data-testid="view-only"
          title={summary.readOnly ? t('board.sharedHint', { owner: summary.owner ?? '' }) : t('board.viewOnlyHint')}
        >
          {summary.readOnly ? t('board.shared', { owner: summary.owner ?? '' }) : t('board.viewOnly')}
        </span>
      ) : (
        <SaveState
          status={saveStatus}
          onRetry={() => void board.flush()}
          onResolve={(applyMine) => board.resolveConflict(applyMine)}
        />
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

function SaveState({
  status,
  onRetry,
  onResolve,
}: {
  status: string;
  onRetry(): void;
  onResolve(applyMine: boolean): void;
}) {
  const { t } = useTranslation('dashboard');
  // Changed elsewhere: the user's changes are still on screen; he chooses what to keep.
  if (status === 'conflict')
    return (
      <span className={css.saveFailed} data-testid="save-state" data-status={status} role="status">
        {t('board.saveState.conflict')}
        <button type="button" className={css.linkButton} onClick={() => onResolve(true)}>
          {t('board.conflict.apply')}
        </button>
        <button type="button" className={css.linkButton} onClick={() => onResolve(false)}>
          {t('board.conflict.discard')}
        </button>
      </span>
    );
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
