/**
 * What every tab of a unit's page receives. The page has loaded the unit's details and options
 * once; a tab loads what else it needs itself (through the query cache) and writes through the
 * revisioned calls. `canEdit` is false for a Reader (and for a User outside the unit's
 * organisations): the tab then shows values, never controls that would be refused.
 */
import { UNIT_TAB_NAMES, type UnitDetails, type UnitOptions, type UnitTabName } from '@fieldwatch/shared';

export interface UnitTabProps {
  unitId: number;
  details: UnitDetails;
  options: UnitOptions;
  canEdit: boolean;
}

/** The tabs of a unit's page, in their order (the spec's device-management screens); the list and
 * the rule of which unit supports which tab live in @fieldwatch/shared (domain/unit-tabs). */
export const UNIT_TABS = UNIT_TAB_NAMES;
export type UnitTab = UnitTabName;
