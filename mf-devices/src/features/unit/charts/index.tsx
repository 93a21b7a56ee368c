/**
 * The Charts tab as the unit page's tab table takes it: the tab's code (and Highcharts with it) is
 * loaded when the tab is first opened, not with the device area.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, LoadingState } from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../tabs/types';

const ChartsTabView = lazy(() => import('./ChartsTab'));

export function ChartsTab(props: UnitTabProps) {
  const { t } = useTranslation('devices');
  return (
    <Suspense
      fallback={
        <Card>
          <LoadingState label={t('unitTabs.charts.loading')} />
        </Card>
      }
    >
      <ChartsTabView {...props} />
    </Suspense>
  );
}
