/**
 * Payloads of unit groups (v2 /api/v2/device/groups, PUT /devices/updateGroup, xrequest
 * GetUnitGroups) and containers (v3 /api/v3/containers: groups with parent and subgroups, and
 * locations).
 */
import type { ContainerKind, ContainerReference } from '../domain/containers';

/** GET /api/v2/device/groups: a unit group and the ids of its units. */
export interface UnitGroup {
  GroupId: number;
  Description: string;
  CustomerID: number;
  Units: number[];
}

/** A container as /api/v3/containers answers it. */
export interface Container {
  id: string;
  kind: ContainerKind;
  name: string;
  organizationId: number;
  /** Groups only: the parent group, or null. Always null for locations. */
  parentId: string | null;
  /** Groups only: ids of the groups whose parent this is. */
  subgroups: string[];
  content: ContainerReference[];
  /** Send it back on PUT/DELETE; a stale one answers 409 (code 'conflict'). */
  revision: number;
  updatedAt: string;
}
