/**
 * Configure table: choose, order and size the device table's columns; saved in the user's
 * preferences (PUT /api/v3/user/preferences, field deviceTable). On an error the choice stays.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, errorMessage, pathFor, type ClientPreferences } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Modal } from '@fieldwatch/shared/ui';
import {
  type ColumnChoice,
  MAX_WIDTH,
  MIN_WIDTH,
  moveColumn,
  preferenceFromColumns,
  REQUIRED_COLUMNS,
  setWidth,
  toggleColumn,
} from './columns';
import css from './DevicePage.module.css';
import { PREFERENCES_KEY } from './queries';

export function ConfigureTableDialog(props: { columns: ColumnChoice[]; onClose(): void }) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const [columns, setColumns] = useState(props.columns);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const save = async () => {
    setSaving(true);
    setError('');
    try {
      const res = await api.http.put<{ data: ClientPreferences }>(pathFor(ENDPOINTS.updatePreferences), {
        deviceTable: preferenceFromColumns(columns),
      });
      queryClient.setQueryData(PREFERENCES_KEY, res.data.data);
      props.onClose();
    } catch (err) {
      setError(t('table.configure.failed', { reason: errorMessage(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('table.configure.title')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      testId="configure-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={saving}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void save()} disabled={saving} data-testid="configure-save">
            {saving ? t('table.configure.saving') : t('table.configure.save')}
          </Button>
        </>
      }
    >
      <p className={css.muted}>{t('table.configure.help')}</p>
      <ol className={css.columnList}>
        {columns.map((c, i) => {
          const name = t(`table.col.${c.id}`);
          return (
            <li key={c.id} className={css.columnItem} data-testid={`column-${c.id}`}>
              <label className={css.columnName}>
                <input
                  type="checkbox"
                  checked={c.visible}
                  disabled={REQUIRED_COLUMNS.includes(c.id)}
                  onChange={() => setColumns(toggleColumn(columns, c.id))}
                />
                {name}
              </label>
              <input
                type="number"
                className={css.widthInput}
                min={MIN_WIDTH}
                max={MAX_WIDTH}
                step={10}
                placeholder={t('table.configure.auto')}
                aria-label={t('table.configure.width', { column: name })}
                value={c.width ?? ''}
                onChange={(e) => setColumns(setWidth(columns, c.id, e.target.value === '' ? undefined : Number(e.target.value)))}
              />
              <Button size="small" variant="ghost" disabled={i === 0} onClick={() => setColumns(moveColumn(columns, i, -1))} aria-label={t('table.configure.up', { column: name })}>
                ↑
              </Button>
              <Button size="small" variant="ghost" disabled={i === columns.length - 1} onClick={() => setColumns(moveColumn(columns, i, 1))} aria-label={t('table.configure.down', { column: name })}>
                ↓
              </Button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
