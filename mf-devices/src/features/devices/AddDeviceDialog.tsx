/**
 * "Add new device": by serial number and type, or by NFC tag id (typed, or scanned with Web NFC
 * where the browser has it); into an organisation of the user's and, optionally, a location.
 * Errors are shown with the form kept as typed.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { type Container, DEVICE_TYPES, ENDPOINTS, errorMessage, pathFor, renderUnitType } from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Modal, Segmented, Select, TextField } from '@fieldwatch/shared/ui';
import {
  type AddDeviceForm,
  type AddMode,
  EMPTY_FORM,
  groupPath,
  locationsOfGroup,
  tagFromScan,
  toAddDeviceBody,
  validateAddDevice,
} from './add-device';
import { useContainers } from './queries';
import css from './DevicePage.module.css';

const NO_CONTAINERS: Container[] = [];
const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

type NdefReaderLike = { scan(): Promise<void>; onreading: ((e: { serialNumber?: string; message?: { records: Array<{ data?: DataView }> } }) => void) | null };

export function AddDeviceDialog(props: { onClose(): void; onAdded(): void }) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const customers = useSession((s) => s.customers);
  const selected = useSession((s) => s.selectedCustomers);
  const containers = useContainers().data ?? NO_CONTAINERS;
  const ids = useId();
  const [form, setForm] = useState<AddDeviceForm>({ ...EMPTY_FORM, organization: String(selected[0] ?? customers[0]?.CustomerID ?? '') });
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [scanNote, setScanNote] = useState('');
  const errors = validateAddDevice(form);
  const shown = tried ? errors : {};
  const set = (patch: Partial<AddDeviceForm>) => setForm((f) => ({ ...f, ...patch }));
  const ofOrg = (c: Container) => String(c.organizationId) === form.organization;
  const orgGroups = containers
    .filter((c) => c.kind === 'group' && ofOrg(c))
    .map((g) => ({ id: g.id, label: groupPath(containers, g) }))
    .sort(byName);
  const inGroup = form.groupId ? locationsOfGroup(containers, form.groupId) : null;
  const orgLocations = containers.filter((c) => c.kind === 'location' && ofOrg(c) && (!inGroup || inGroup.has(c.id)));
  const chooseGroup = (groupId: string) => {
    const keep = !groupId || locationsOfGroup(containers, groupId).has(form.locationId);
    set({ groupId, ...(keep ? {} : { locationId: '' }) });
  };
  const NDEF = (globalThis as unknown as { NDEFReader?: new () => NdefReaderLike }).NDEFReader;

  const scan = async () => {
    if (!NDEF) return;
    try {
      const reader = new NDEF();
      setScanNote(t('table.add.scanning'));
      reader.onreading = (e) => {
        const record = e.message?.records[0]?.data;
        const text = record ? new TextDecoder().decode(record) : e.serialNumber ?? '';
        set({ tagId: tagFromScan(text) });
        setScanNote('');
      };
      await reader.scan();
    } catch (err) {
      setScanNote(t('table.add.scanFailed', { reason: errorMessage(err) }));
    }
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setError('');
    try {
      await api.http.post(pathFor(ENDPOINTS.addDevice), toAddDeviceBody(form));
      await queryClient.invalidateQueries({ queryKey: ['containers'] });
      props.onAdded();
      props.onClose();
    } catch (err) {
      setError(t('table.add.failed', { reason: errorMessage(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('table.add.title')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      testId="add-device-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={saving}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void submit()} disabled={saving} data-testid="add-device-submit">
            {saving ? t('table.add.saving') : t('table.add.submit')}
          </Button>
        </>
      }
    >
      <form
        className={css.addForm}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Segmented<AddMode>
          label={t('table.add.mode')}
          value={form.mode}
          onChange={(mode) => set({ mode })}
          mode="toggle"
          segments={[
            { value: 'serial' as const, label: t('table.add.bySerial') },
            { value: 'tag' as const, label: t('table.add.byTag') },
          ]}
        />
        <TextField label={t('table.add.name')} value={form.name} onChange={(e) => set({ name: e.target.value })} error={shown.name && t(shown.name)} maxLength={100} data-testid="add-name" />
        {form.mode === 'serial' ? (
          <>
            <TextField label={t('table.add.serial')} value={form.serial} onChange={(e) => set({ serial: e.target.value })} error={shown.serial && t(shown.serial)} maxLength={64} data-testid="add-serial" />
            <label className={css.field}>
              <span>{t('table.add.type')}</span>
              <Select value={form.type} onChange={(e) => set({ type: e.target.value })} aria-invalid={shown.type ? true : undefined} data-testid="add-type">
                <option value="">{t('table.add.chooseType')}</option>
                {DEVICE_TYPES.map((d) => (
                  <option key={d.code} value={d.code}>{`${renderUnitType(d.code, t)} (${d.code})`}</option>
                ))}
              </Select>
              {shown.type && <span role="alert" className={css.error}>{t(shown.type)}</span>}
            </label>
          </>
        ) : (
          <>
            <TextField label={t('table.add.tag')} value={form.tagId} onChange={(e) => set({ tagId: e.target.value })} error={shown.tagId && t(shown.tagId)} maxLength={100} data-testid="add-tag" />
            {NDEF && (
              <Button size="small" onClick={() => void scan()}>
                {t('table.add.scan')}
              </Button>
            )}
            {scanNote && <span role="status">{scanNote}</span>}
          </>
        )}
        {customers.length > 1 && (
          <label className={css.field}>
            <span>{t('table.add.organization')}</span>
            <Select value={form.organization} onChange={(e) => set({ organization: e.target.value, groupId: '', locationId: '' })} data-testid="add-org">
              {customers.map((c) => (
                <option key={c.CustomerID} value={c.CustomerID}>{c.CustomerName}</option>
              ))}
            </Select>
          </label>
        )}
        {orgGroups.length > 0 && (
          <div className={css.field}>
            <label htmlFor={`${ids}-group`}>{t('table.add.group')}</label>
            <Select
              id={`${ids}-group`}
              value={form.groupId}
              onChange={(e) => chooseGroup(e.target.value)}
              aria-describedby={`${ids}-group-help`}
              data-testid="add-group"
            >
              <option value="">{t('table.add.anyGroup')}</option>
              {orgGroups.map((g) => (
                <option key={g.id} value={g.id}>{g.label}</option>
              ))}
            </Select>
            <span id={`${ids}-group-help`} className={css.muted}>
              {t('table.add.groupHelp')}
            </span>
          </div>
        )}
        <label className={css.field}>
          <span>{t('table.add.location')}</span>
          <Select
            value={form.locationId}
            onChange={(e) => set({ locationId: e.target.value })}
            aria-invalid={shown.locationId ? true : undefined}
            data-testid="add-location"
          >
            <option value="">{t(form.groupId ? 'table.add.chooseLocation' : 'table.add.noLocation')}</option>
            {orgLocations
              .map((l) => ({ id: l.id, label: l.name }))
              .sort(byName)
              .map((l) => (
                <option key={l.id} value={l.id}>{l.label}</option>
              ))}
          </Select>
          {shown.locationId && <span role="alert" className={css.error}>{t(shown.locationId)}</span>}
        </label>
        {error && (
          <p role="alert" className={css.error} data-testid="add-error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
