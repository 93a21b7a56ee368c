/**
 * "Move to link group": the dialog of a widget's menu that moves it to another link group or a new
 * one, and renames or deletes the groups the user made.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LIMITS, DEFAULT_LINK_GROUP } from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { groupColorVar } from '../board/content-edits';
import { Modal } from '@fieldwatch/shared/ui';
import { RenameField } from './RenameField';
import { groupName } from './widget-names';
import css from './WidgetFrame.module.css';

export type GroupTarget = { kind: 'existing'; id: string } | { kind: 'new'; name: string };

/** What a link group the user made offers in the move dialog. */
const GROUP_ACTIONS = [
  { mode: 'rename', text: 'frame.rename', label: 'frame.renameGroup' },
  { mode: 'delete', text: 'frame.delete', label: 'frame.deleteGroup' },
] as const;

export function LinkGroupDialog(props: {
  current: string;
  groups: Array<{ id: string; name: string; color: string }>;
  onClose(): void;
  onMove(target: GroupTarget): void;
  onRename(groupId: string, name: string): void;
  onDelete(groupId: string): void;
}) {
  const { t } = useTranslation('dashboard');
  const [picked, setChoice] = useState<string>(props.current);
  const [name, setName] = useState('');
  // One group at a time is being renamed or asked about before it is deleted.
  const [editing, setEditing] = useState<{ id: string; mode: 'rename' | 'delete' } | null>(null);
  // A deleted group's widgets are in the default group now: so is the choice.
  const choice =
    picked === '__new__' || props.groups.some((g) => g.id === picked) ? picked : DEFAULT_LINK_GROUP.id;
  const isNew = choice === '__new__';
  const submit = () => props.onMove(isNew ? { kind: 'new', name } : { kind: 'existing', id: choice });
  return (
    <Modal
      title={t('frame.moveToGroup')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      testId="link-group-dialog"
      footer={
        <>
          <Button onClick={props.onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={submit} disabled={isNew && !name.trim()}>
            {t('frame.move')}
          </Button>
        </>
      }
    >
      <p className={css.text}>{t('frame.groupHelp')}</p>
      <fieldset className={css.groups}>
        <legend className={css.legend}>{t('frame.linkGroup')}</legend>
        {props.groups.map((g) => {
          const label = groupName(t, g);
          const mine = g.id !== DEFAULT_LINK_GROUP.id;
          const mode = editing?.id === g.id ? editing.mode : null;
          return (
            <div key={g.id} className={css.groupRow} data-testid="link-group-row">
              {mode === 'rename' ? (
                <span className={css.groupOption}>
                  <span className={css.radioSpace} aria-hidden="true" />
                  <span
                    className={css.dot}
                    style={{ background: groupColorVar(g.color) }}
                    aria-hidden="true"
                  />
                  <RenameField
                    initial={g.name}
                    label={t('frame.groupNameOf', { name: label })}
                    onDone={(next) => {
                      if (next !== null) props.onRename(g.id, next);
                      setEditing(null);
                    }}
                  />
                </span>
              ) : (
                <label className={css.groupOption}>
                  <input
                    type="radio"
                    name="link-group"
                    value={g.id}
                    checked={choice === g.id}
                    onChange={() => setChoice(g.id)}
                  />
                  <span
                    className={css.dot}
                    style={{ background: groupColorVar(g.color) }}
                    aria-hidden="true"
                  />
                  {label}
                </label>
              )}
              {mine && mode === null && (
                <span className={css.groupActions}>
                  {GROUP_ACTIONS.map((a) => (
                    <Button
                      key={a.mode}
                      variant="ghost"
                      size="small"
                      aria-label={t(a.label, { name: label })}
                      title={t(a.label, { name: label })}
                      onClick={() => setEditing({ id: g.id, mode: a.mode })}
                    >
                      {t(a.text)}
                    </Button>
                  ))}
                </span>
              )}
              {mode === 'delete' && (
                <div
                  className={css.groupConfirm}
                  role="group"
                  aria-label={t('frame.deleteGroup', { name: label })}
                >
                  <span>{t('frame.deleteGroupText', { name: label })}</span>
                  <span className={css.groupActions}>
                    <Button size="small" onClick={() => setEditing(null)}>
                      {t('common:action.cancel')}
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      data-autofocus
                      onClick={() => {
                        setEditing(null);
                        props.onDelete(g.id);
                      }}
                    >
                      {t('frame.delete')}
                    </Button>
                  </span>
                </div>
              )}
            </div>
          );
        })}
        <label className={css.groupOption}>
          <input
            type="radio"
            name="link-group"
            value="__new__"
            checked={isNew}
            onChange={() => setChoice('__new__')}
          />
          {t('frame.newGroup')}
        </label>
      </fieldset>
      {isNew && (
        <TextField
          label={t('frame.newGroupName')}
          value={name}
          maxLength={DASHBOARD_LIMITS.text}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) submit();
          }}
        />
      )}
    </Modal>
  );
}
