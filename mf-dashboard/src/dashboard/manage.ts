/**
 * Dashboard management (create, rename, delete, restore) and the session's list of dashboards:
 * after each change the list is fetched again and put into the session store, so the shell's menu
 * shows it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@fieldwatch/shared/remote';
import type {
  DashboardDocument,
  DashboardKind,
  DashboardSummary,
  DashboardTemplate,
} from '@fieldwatch/shared';
import { call, dashboardUrl, messageText, toast } from './board';

export function useDashboardManagement() {
  const { api, bus, session } = useRemote();
  const { t } = useTranslation('dashboard');
  return useMemo(() => {
    const fail = (message: string) => {
      toast(bus, 'danger', messageText(t, message));
      return null;
    };
    async function refreshList(): Promise<void> {
      const [list, failed] = await api.get<DashboardSummary[]>(
        '/api/v3/user/dashboard',
        { excludeContent: true, useContext: true },
        [],
      );
      if (!failed && list) session.getState().setDashboards(list);
    }
    return {
      refreshList,
      async templates(): Promise<DashboardTemplate[] | null> {
        const res = await call<DashboardTemplate[]>(api, {
          method: 'GET',
          url: '/api/v3/user/dashboard/template',
          params: { useContext: true },
        });
        return res.ok ? res.data : fail(res.message);
      },
      async create(name: string, templateId: DashboardKind | null): Promise<DashboardDocument | null> {
        const res = await call<DashboardDocument>(api, {
          method: 'POST',
          url: '/api/v3/user/dashboard',
          data: { ...(name.trim() ? { name: name.trim() } : {}), templateId, useContext: true },
        });
        if (!res.ok) return fail(res.message);
        await refreshList();
        toast(bus, 'success', t('manage.created'));
        return res.data;
      },
      async rename(id: number, name: string): Promise<DashboardDocument | null> {
        const res = await call<DashboardDocument>(api, {
          method: 'PUT',
          url: `${dashboardUrl(id)}/updateName`,
          data: { name: name.trim(), id },
        });
        if (!res.ok) return fail(res.message);
        await refreshList();
        return res.data;
      },
      /** Deletes; the caller leaves the page, then refreshes the list. */
      async remove(id: number): Promise<boolean> {
        const res = await call<{ id: number }>(api, { method: 'DELETE', url: dashboardUrl(id) });
        if (!res.ok) return fail(res.message) ?? false;
        toast(bus, 'success', t('manage.deleted'));
        return true;
      },
      async restore(id: number): Promise<DashboardDocument | null> {
        const res = await call<DashboardDocument>(api, {
          method: 'POST',
          url: `${dashboardUrl(id)}/restore`,
        });
        if (!res.ok) return fail(res.message);
        await refreshList();
        toast(bus, 'success', t('manage.restored'));
        return res.data;
      },
    };
  }, [api, bus, session, t]);
}
