/**
 * The user's dashboards (/api/v3/user/dashboard): list, create (empty or from a built-in
 * template), save, rename, filter and restore. A dashboard's content is checked by the domain's
 * validateDashboardContent, for its exact messages; the route only asks for an object.
 */
import * as T from 'typebox';
import { VERSIONS } from '../constants';
import { DASHBOARD_KINDS } from '../api/types';
import type { DashboardContent } from '../domain/dashboard-content';
import { Id, Json, Nullable, StringEnum, WithDefault } from './common';

const Name = T.String({ maxLength: 200 });

/** GET /api/v3/user/dashboard?excludeContent&useContext */
export const DashboardListQuery = T.Object({
  excludeContent: WithDefault(T.Boolean({ default: false })),
  useContext: WithDefault(T.Boolean({ default: true })),
});
/** GET /api/v3/user/dashboard/template?useContext */
export const DashboardTemplateQuery = T.Object({ useContext: WithDefault(T.Boolean({ default: true })) });

/** POST /api/v3/user/dashboard. */
export const CreateDashboardBody = T.Object(
  {
    /** Defaults to "Default" (CUSTOM_DASHBOARD_NAME). */
    name: T.Optional(Name),
    /** A built-in kind: the new dashboard starts with that kind's default content; else empty. */
    templateId: T.Optional(Nullable(StringEnum(DASHBOARD_KINDS))),
    useContext: WithDefault(T.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CreateDashboardBody = T.Static<typeof CreateDashboardBody>;

/** PUT /api/v3/user/dashboard/:id. */
export const UpdateDashboardBody = T.Object(
  {
    content: Json<DashboardContent>({ type: 'object' }),
    name: T.Optional(Name),
    version: T.Optional(StringEnum([VERSIONS.dashboard])),
    /** The updatedAt of the version the change is based on; recommended (lost-update check). */
    updatedAt: T.Optional(T.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type UpdateDashboardBody = T.Static<typeof UpdateDashboardBody>;

/** PUT /api/v3/user/dashboard/:id/updateName (`id`, if sent, must be the path's). */
export const RenameDashboardBody = T.Object({ name: Name, id: T.Optional(Id) }, { additionalProperties: false });
export type RenameDashboardBody = T.Static<typeof RenameDashboardBody>;
