/**
 * Dashboard management (create, rename, delete, restore) and the session's list of dashboards:
 * after each change the list is fetched again and put into the session store, so the shell's menu
 * shows it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@fieldwatch/shared/remote';
import {
  ENDPOINTS,
  pathFor,
  type AnswerOf,
  type DashboardDocument,
  type DashboardKind,
  type DashboardTemplate,
  type QueryOf,
} from '@fieldwatch/shared';
import { call } from '../board/dashboard-api';
import { messageText, toast } from '../board/board-messages';

export function useDashboardManagement() {
  const { api, bus, session } = useRemote();
  const { t } = useTranslation('dashboard');
  return useMemo(() => {
    const fail = (message: string) => {
      toast(bus, 'danger', messageText(t, message));
      return null;
    };
    async function refreshList(): Promise<void> {
      const query: QueryOf<typeof ENDPOINTS.dashboards> = { excludeContent: true, useContext: true };
      const [list, failed] = await api.get<AnswerOf<typeof ENDPOINTS.dashboards>>(
        pathFor(ENDPOINTS.dashboards),
        query,
        [],
      );
      if (!failed && list) session.getState().setDashboards(list);
    }
    return {
      refreshList,
      async templates(): Promise<DashboardTemplate[] | null> {
        const res = await call(api, ENDPOINTS.dashboardTemplates, { params: { useContext: true } });
        return res.ok ? res.data : fail(res.message);
      },
      async create(name: string, templateId: DashboardKind | null): Promise<DashboardDocument | null> {
        const res = await call(api, ENDPOINTS.createDashboard, {
          data: { ...(name.trim() ? { name: name.trim() } : {}), templateId, useContext: true },
        });
        if (!res.ok) return fail(res.message);
        await refreshList();
        toast(bus, 'success', t('manage.created'));
        return res.data;
      },
      async rename(id: number, name: string): Promise<DashboardDocument | null> {
        const res = await call(api, ENDPOINTS.renameDashboard, {
          path: { id },
          data: { name: name.trim(), id },
        });
        if (!res.ok) return fail(res.message);
        await refreshList();
        return res.data;
      },
      /** Deletes; the caller leaves the page, then refreshes the list. */
      async remove(id: number): Promise<boolean> {
        const res = await call(api, ENDPOINTS.deleteDashboard, { path: { id } });
        if (!res.ok) return fail(res.message) ?? false;
        toast(bus, 'success', t('manage.deleted'));
        return true;
      },
      async restore(id: number): Promise<DashboardDocument | null> {
        const res = await call(api, ENDPOINTS.restoreDashboard, { path: { id } });
        if (!res.ok) return fail(res.message);
        await refreshList();
        toast(bus, 'success', t('manage.restored'));
        return res.data;
      },
    };
  }, [api, bus, session, t]);
}
