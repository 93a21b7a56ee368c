/**
 * The "add new device" form: by serial number and type, or by the NFC tag id (typed or scanned).
 * Pure validation (what the server also checks), answering translation keys per field.
 */
import { deviceType, type AddDeviceBody } from '@fieldwatch/shared';

export type AddMode = 'serial' | 'tag';

export interface AddDeviceForm {
  mode: AddMode;
  name: string;
  serial: string;
  /** Type code as typed in the select ('' when none). */
  type: string;
  tagId: string;
  organization: string;
  locationId: string;
}

export const EMPTY_FORM: AddDeviceForm = { mode: 'serial', name: '', serial: '', type: '', tagId: '', organization: '', locationId: '' };

const TOKEN = /^[A-Za-z0-9._:-]+$/;

/** Field → translation key of its problem; empty when the form can be sent. */
export function validateAddDevice(f: AddDeviceForm): Partial<Record<keyof AddDeviceForm, string>> {
  const errors: Partial<Record<keyof AddDeviceForm, string>> = {};
  if (!f.name.trim()) errors.name = 'table.add.error.name';
  else if (f.name.trim().length > 100) errors.name = 'table.add.error.nameLong';
  if (f.mode === 'serial') {
    const serial = f.serial.trim();
    if (!serial) errors.serial = 'table.add.error.serial';
    else if (serial.length > 64 || !TOKEN.test(serial)) errors.serial = 'table.add.error.serialChars';
    if (f.type === '' || !deviceType(Number(f.type))) errors.type = 'table.add.error.type';
  } else {
    const tag = f.tagId.trim();
    if (!tag) errors.tagId = 'table.add.error.tag';
    else if (tag.length > 100 || !TOKEN.test(tag)) errors.tagId = 'table.add.error.tagChars';
  }
  return errors;
}

/** The request body of a valid form. */
export function toAddDeviceBody(f: AddDeviceForm): AddDeviceBody {
  const body: AddDeviceBody = { name: f.name.trim() };
  if (f.mode === 'serial') {
    body.serial = f.serial.trim();
    body.type = Number(f.type);
  } else {
    body.tagId = f.tagId.trim();
  }
  if (f.organization) body.organization = Number(f.organization);
  if (f.locationId) body.locationId = f.locationId;
  return body;
}

/** A scanned NFC payload: the tag id alone, or a link ending in it (…/onboarding/<tag>). */
export function tagFromScan(text: string): string {
  const trimmed = text.trim();
  const last = trimmed.split(/[/?#=]/).filter(Boolean).pop() ?? '';
  return TOKEN.test(last) ? last : trimmed;
}
