/**
 * The "add new device" form: by serial number and type, or by the NFC tag id (typed or scanned);
 * into an organisation and, optionally, a location — chosen directly or within a group (a group
 * holds units through its locations, so a group narrows the locations offered).
 * Pure validation (what the server also checks), answering translation keys per field.
 */
import { deviceType, type AddDeviceBody, type Container } from '@fieldwatch/shared';

export type AddMode = 'serial' | 'tag';

export interface AddDeviceForm {
  mode: AddMode;
  name: string;
  serial: string;
  /** Type code as typed in the select ('' when none). */
  type: string;
  tagId: string;
  organization: string;
  /** Narrows the locations offered; not sent (the location says where the unit goes). */
  groupId: string;
  locationId: string;
}

export const EMPTY_FORM: AddDeviceForm = {
  mode: 'serial',
  name: '',
  serial: '',
  type: '',
  tagId: '',
  organization: '',
  groupId: '',
  locationId: '',
};

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
  if (f.groupId && !f.locationId) errors.locationId = 'table.add.error.groupLocation';
  return errors;
}

/** The ids of the locations a group holds, itself or through its sub-groups (at any depth). */
export function locationsOfGroup(containers: readonly Container[], groupId: string): Set<string> {
  const byId = new Map(containers.map((c) => [c.id, c]));
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (id: string) => {
    const g = byId.get(id);
    if (!g || g.kind !== 'group' || seen.has(id)) return;
    seen.add(id);
    for (const r of g.content) if (r.type === 'location' && r.target && byId.get(r.target)?.kind === 'location') out.add(r.target);
    for (const c of containers) if (c.kind === 'group' && c.parentId === id) walk(c.id);
  };
  walk(groupId);
  return out;
}

/** A group's name with the groups above it ("Sweden › Norrland"), so equal names can be told apart. */
export function groupPath(containers: readonly Container[], group: Container): string {
  const byId = new Map(containers.map((c) => [c.id, c]));
  const names = [group.name];
  const seen = new Set([group.id]);
  for (let p = group.parentId ? byId.get(group.parentId) : undefined; p && !seen.has(p.id); p = p.parentId ? byId.get(p.parentId) : undefined) {
    seen.add(p.id);
    names.unshift(p.name);
  }
  return names.join(' › ');
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
