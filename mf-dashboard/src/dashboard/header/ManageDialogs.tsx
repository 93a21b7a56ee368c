/** The dialogs of the dashboard menu: create (empty or from a template), rename, and confirm (delete, restore). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_DASHBOARD_NAME, type DashboardKind, type DashboardTemplate } from '@fieldwatch/shared';
import { Button, Spinner, TextField } from '@fieldwatch/shared/ui';
import { Modal } from '@fieldwatch/shared/ui';
import css from '../DashboardPage.module.css';

/** A submit that shows busy until it settles (and not after the dialog closed). */
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

export function CreateDialog(props: {
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

export function RenameDialog(props: {
  initial: string;
  onClose(): void;
  onRename(name: string): Promise<void>;
}) {
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

export function ConfirmDialog(props: {
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
