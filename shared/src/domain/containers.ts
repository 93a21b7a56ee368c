/**
 * Containers (spec §3, §5): groups and locations. A group's content holds locations and a group may
 * have a parent group (its subgroups are the groups whose parent it is); a location's content
 * holds units. References point at their target by id, as a string.
 *
 * The rules are pure functions, shared by the typed v3 /containers API and the older
 * GetUserData/SetUserData `_group` mapping (both write the one `containers` table), and by the
 * browser's forms.
 */
import { MESSAGES } from '../constants';

export const CONTAINER_KINDS = ['group', 'location'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

export const REFERENCE_TYPES = ['unit', 'location'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export interface ContainerReference {
  name?: string;
  type: ReferenceType;
  /** Id of the target (a unit id or a location container id) as a string. */
  target?: string;
}

/** The stored record of the older key-value store (spec §5: name, id and a content object). */
export interface ContainerRecord {
  id: string;
  name: string;
  content: ContainerReference[];
  /** Groups only. */
  parent?: string | null;
  subgroups?: string[];
}

export const CONTAINER_NAME_MAX = 200;
export const CONTAINER_CONTENT_MAX = 10_000;

export const REFERENCE_MISSING_NAME_OR_TARGET = 'A reference needs a name or a target';
export const CONTAINER_PARENT_CYCLE = 'A group cannot be its own ancestor';
export const CONTAINER_PARENT_NOT_GROUP = 'Only groups have a parent group';

/** What a container of this kind holds: groups hold locations, locations hold units. */
export function referenceTypeOf(kind: ContainerKind): ReferenceType {
  return kind === 'group' ? 'location' : 'unit';
}

/** A name that is present once trimmed; "Missing parameters" otherwise (spec §5). */
export function validateContainerName(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return MESSAGES.missingParameters;
  if (name.length > CONTAINER_NAME_MAX) return `The name is longer than ${CONTAINER_NAME_MAX} characters`;
  return null;
}

/** One reference: a name or a target, and the type this kind of container holds. */
export function validateReference(kind: ContainerKind, ref: unknown, index = 0): string | null {
  if (typeof ref !== 'object' || ref === null || Array.isArray(ref)) {
    return `content[${index}] must be an object`;
  }
  const r = ref as Record<string, unknown>;
  const wanted = referenceTypeOf(kind);
  if (r.type !== wanted) return `content[${index}]: a ${kind} holds only ${wanted} references`;
  const hasName = typeof r.name === 'string' && r.name.trim() !== '';
  const hasTarget = typeof r.target === 'string' && r.target.trim() !== '';
  if (r.name !== undefined && typeof r.name !== 'string') return `content[${index}].name must be text`;
  if (r.target !== undefined && typeof r.target !== 'string') return `content[${index}].target must be text`;
  if (!hasName && !hasTarget) return REFERENCE_MISSING_NAME_OR_TARGET;
  return null;
}

/** Name and content of a container (no database look-ups: target ownership is the server's job). */
export function validateContainer(kind: ContainerKind, input: { name: unknown; content?: unknown }): string | null {
  const nameError = validateContainerName(input.name);
  if (nameError) return nameError;
  if (input.content === undefined) return null;
  if (!Array.isArray(input.content)) return 'content must be a list of references';
  if (input.content.length > CONTAINER_CONTENT_MAX) {
    return `content holds more than ${CONTAINER_CONTENT_MAX} references`;
  }
  for (let n = 0; n < input.content.length; n++) {
    const err = validateReference(kind, input.content[n], n);
    if (err) return err;
  }
  return null;
}

/**
 * Would giving `id` the parent `parentId` make a cycle? `parentOf` maps each group id to its
 * current parent (null/undefined for a root). A group cannot be its own parent or ancestor.
 */
export function wouldCreateCycle(
  parentOf: ReadonlyMap<string, string | null | undefined>,
  id: string,
  parentId: string | null | undefined,
): boolean {
  const seen = new Set<string>();
  let cur = parentId ?? null;
  while (cur !== null) {
    if (cur === id) return true;
    if (seen.has(cur)) return true; // an existing cycle: never extend it
    seen.add(cur);
    cur = parentOf.get(cur) ?? null;
  }
  return false;
}
