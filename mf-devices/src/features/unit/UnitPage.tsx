/**
 * A unit's own page (/devicemanagement/:unitId, a tab at /devicemanagement/:unitId/:tab): a header
 * with the unit's name, model, status, last contact, active alarms and a small map; the tabs of the
 * device-management screens (a tab the unit does not support says "Device not supported"); the unit
 * actions with the recent commands; and the relay, when the unit has one. A unit that does not exist
 * or is not the user's says so.
 */
import { type KeyboardEvent, useId, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  alarmEventStatus,
  alarmTypeKey,
  encodeDashboardId,
  isUnitTabName,
  renderUnitType,
  unitSupportsTab,
  USER_TYPES,
  type UnitDetails,
  type UnitOptions,
} from '@fieldwatch/shared';
import { RelativeTime, AbsoluteTime, useAlarmActions, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Card, EmptyState, ErrorState, LoadingState, StatusBadge, StatusDot, VisuallyHidden } from '@fieldwatch/shared/ui';
import { ActionsPanel } from './actions/ActionsPanel';
import { AlarmStateControls } from './alarm-state/AlarmStateControls';
import { useUnitPush } from './actions/useUnitPush';
import { DEVICE_TABLE_PATH, tablePathFrom, unitPagePath } from './links';
import { PositionMap } from '../map/PositionMap';
import { RelayPanel } from './relay/RelayPanel';
import { ChartsTab } from './charts';
import { AlarmTab } from './tabs/alarm/AlarmTab';
import { BrandTab } from './tabs/brand/BrandTab';
import { CellularTab } from './tabs/cellular/CellularTab';
import { FirmwareTab } from './tabs/firmware/FirmwareTab';
import { InfoTab } from './tabs/info/InfoTab';
import { LocationTab } from './tabs/location/LocationTab';
import { LogTab } from './tabs/log/LogTab';
import { NfcTab } from './tabs/nfc/NfcTab';
import { PortsTab } from './tabs/ports/PortsTab';
import { GprsTab, NetworkTab, ScheduleTab } from './tabs/settings/SettingsTabs';
import { UNIT_TABS, type UnitTab, type UnitTabProps } from './tabs/types';
import { TrialBadge } from './TrialBadge';
import { useUnit } from './useUnit';
import css from './UnitPage.module.css';

const TAB_VIEWS: Record<UnitTab, (p: UnitTabProps) => React.ReactElement> = {
  info: InfoTab,
  charts: ChartsTab,
  schedule: ScheduleTab,
  gprs: GprsTab,
  network: NetworkTab,
  cellular: CellularTab,
  ports: PortsTab,
  firmware: FirmwareTab,
  alarm: AlarmTab,
  nfc: NfcTab,
  log: LogTab,
  brand: BrandTab,
  location: LocationTab,
};

const subjectOf = (d: UnitDetails) => ({
  unitType: d.UnitType,
  thirdParty: d.ThirdParty,
  channelCount: d.Channels.length,
});

/** Whether the signed-in user may change the unit: not a Reader, and (unless SuperUser) one of its organisations. */
function useCanEdit(details: UnitDetails | undefined): boolean {
  const userType = useSession((s) => s.user?.userType);
  const mine = useSession((s) =>
    details ? s.customers.some((c) => c.CustomerID === details.CustomerID) : false,
  );
  if (!details || userType === undefined || userType === USER_TYPES.Reader) return false;
  return userType === USER_TYPES.SuperUser || mine;
}

export function UnitPage() {
  const params = useParams();
  const id = Number(params.unitId);
  // Not a unit id (an old or mistyped path below the table): the table.
  if (!/^[1-9][0-9]{0,9}$/.test(params.unitId ?? '') || !Number.isSafeInteger(id))
    return <Navigate to={DEVICE_TABLE_PATH} replace />;
  if (params.tab !== undefined && !isUnitTabName(params.tab))
    return <Navigate to={unitPagePath(id)} replace />;
  return <UnitView key={id} unitId={id} tab={(params.tab as UnitTab | undefined) ?? 'info'} />;
}

function UnitView({ unitId, tab }: { unitId: number; tab: UnitTab }) {
  const { t } = useTranslation('devices');
  const location = useLocation();
  const back = tablePathFrom(location.state);
  const load = useUnit(unitId);
  const canEdit = useCanEdit(load.data?.details);
  useUnitPush(unitId);

  const crumbs = (name: string) => (
    <nav aria-label={t('unit.breadcrumb')} className={css.crumbs}>
      <Link to={back} data-testid="back-to-table">
        {t('title')}
      </Link>
      <span aria-hidden="true">›</span>
      <span aria-current="page">{name}</span>
    </nav>
  );

  if (load.status === 'loading' && load.data === undefined)
    return (
      <div className={css.page}>
        {crumbs(t('unit.unitNo', { id: unitId }))}
        <Card>
          <LoadingState label={t('unit.loading')} />
        </Card>
      </div>
    );
  if (load.status === 'error' && !load.data)
    return (
      <div className={css.page}>
        {crumbs(t('unit.unitNo', { id: unitId }))}
        <Card>
          <ErrorState
            title={t('unit.error.title')}
            message={t('unit.error.text')}
            retryLabel={t('common:action.retry')}
            onRetry={load.reload}
          />
        </Card>
      </div>
    );
  if (!load.data)
    return (
      <div className={css.page} data-testid="unit-not-found">
        {crumbs(t('unit.unitNo', { id: unitId }))}
        <Card>
          <EmptyState title={t('unit.notFound.title', { id: unitId })}>
            <p className={css.muted}>{t('unit.notFound.text')}</p>
            <Link to={back}>{t('unit.notFound.back')}</Link>
          </EmptyState>
        </Card>
      </div>
    );

  const { details, options } = load.data;
  return (
    <div className={css.page} data-testid="unit-page">
      {crumbs(details.UnitName)}
      <UnitHeader details={details} />
      <div className={css.layout}>
        <div className={css.main}>
          <UnitTabs unitId={unitId} tab={tab} details={details} options={options} canEdit={canEdit} />
        </div>
        <aside className={css.side} aria-label={t('unit.sideLabel')}>
          <ActionsPanel
            unitId={unitId}
            unitName={details.UnitName}
            actions={options.actions}
            canEdit={canEdit}
          />
          {options.relay && <RelayPanel unitId={unitId} unitName={details.UnitName} canEdit={canEdit} />}
        </aside>
      </div>
    </div>
  );
}

function UnitHeader({ details }: { details: UnitDetails }) {
  const { t } = useTranslation('devices');
  const { navigate } = useRemote();
  const alarmsDashboard = useSession((s) => s.dashboards.find((d) => d.static === 'alarms'));
  const alarmListPath = alarmsDashboard ? `/dashboard/${encodeDashboardId(alarmsDashboard.id)}` : null;
  const lat = details.UnitGPSLatitude;
  const lon = details.UnitGPSLongitude;
  const alarms = details.AlarmEvents;
  const alarmActions = useAlarmActions();
  return (
    <Card className={css.header} data-testid="unit-header">
      <div className={css.headerText}>
        <h1 className={css.title}>{details.UnitName}</h1>
        <div className={css.facts}>
          <StatusBadge status={details.Status} label={t(`common:status.${details.Status}`)} />
          {details.Trial && <TrialBadge trial={details.Trial} />}
          <span data-testid="unit-model">
            {renderUnitType(details.UnitType, t)}{' '}
            <span className={css.muted}>({t('unit.typeCode', { code: details.UnitType })})</span>
          </span>
          <span className={css.muted}>
            {t('unit.lastContact')}{' '}
            {details.LastContact ? <RelativeTime date={details.LastContact} /> : t('unit.info.notReported')}
          </span>
          {details.UnitLocation && <span className={css.muted}>{details.UnitLocation}</span>}
        </div>
        <section aria-label={t('unit.alarms.title')} className={css.alarms} data-testid="unit-alarms">
          {alarms.length === 0 ? (
            <span className={css.muted}>{t('unit.alarms.none')}</span>
          ) : (
            <>
              <span className={css.alarmCount}>{t('unit.alarms.count', { count: alarms.length })}</span>
              <ul className={css.alarmList}>
                {alarms.map((a) => (
                  <li key={a.AlarmID}>
                    <StatusDot status={alarmEventStatus(a.AlarmType)} />{' '}
                    <Link to={unitPagePath(details.UnitID, 'alarm')}>
                      {t(`common:${alarmTypeKey(a.AlarmType)}`)}
                    </Link>{' '}
                    <span className={css.muted}>
                      {t('unit.alarms.channel', { channel: a.ChannelID })} ·{' '}
                      <AbsoluteTime date={a.AlarmEventTime} />
                    </span>
                    <AlarmStateControls alarm={a} unitName={details.UnitName} actions={alarmActions} />
                  </li>
                ))}
              </ul>
              {alarmListPath && (
                <a
                  href={alarmListPath}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(alarmListPath);
                  }}
                >
                  {t('unit.alarms.list')}
                </a>
              )}
            </>
          )}
        </section>
      </div>
      <div className={css.headerMap}>
        {lat !== null && lon !== null ? (
          <PositionMap
            position={{ lat, lon }}
            height={150}
            zoom={12}
            label={t('unit.map.label', { unit: details.UnitName })}
            link={{
              to: unitPagePath(details.UnitID, 'location'),
              label: t('unit.map.open', { unit: details.UnitName }),
            }}
          />
        ) : (
          <div className={css.noPosition} data-testid="header-location-missing">
            <span>{t('unit.location.missing')}</span>
            <Link to={unitPagePath(details.UnitID, 'location')}>{t('unit.location.set')}</Link>
          </div>
        )}
      </div>
    </Card>
  );
}

function UnitTabs(props: {
  unitId: number;
  tab: UnitTab;
  details: UnitDetails;
  options: UnitOptions;
  canEdit: boolean;
}) {
  const { unitId, tab, details } = props;
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const location = useLocation();
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const subject = subjectOf(details);
  const go = (next: UnitTab, focus = false) => {
    navigate(unitPagePath(unitId, next), { replace: true, state: location.state });
    if (focus) refs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = UNIT_TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (i + 1) % UNIT_TABS.length,
      ArrowLeft: (i - 1 + UNIT_TABS.length) % UNIT_TABS.length,
      Home: 0,
      End: UNIT_TABS.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    go(UNIT_TABS[next]!, true);
  };
  const supported = unitSupportsTab(tab, subject);
  const View = TAB_VIEWS[tab];
  return (
    <div className={css.tabsFrame}>
      <div role="tablist" aria-label={t('unit.tabsLabel')} className={css.tablist} onKeyDown={onKey}>
        {UNIT_TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-selected={name === tab}
            // One panel shows the selected tab's content: only that tab controls it.
            aria-controls={name === tab ? `${base}-panel` : undefined}
            tabIndex={name === tab ? 0 : -1}
            className={css.tab}
            data-unsupported={unitSupportsTab(name, subject) ? undefined : true}
            // The name stays the tab's label; that the unit lacks it is the tab's description.
            aria-describedby={unitSupportsTab(name, subject) ? undefined : `${base}-unsupported`}
            onClick={() => go(name)}
          >
            {t(`unit.tab.${name}`)}
          </button>
        ))}
      </div>
      <VisuallyHidden id={`${base}-unsupported`}>{t('unit.tabUnsupported')}</VisuallyHidden>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${tab}`}
        // Reachable from its tab with Tab even when its content starts with no control (WAI-ARIA tabs).
        tabIndex={0}
        className={css.panel}
        data-testid="unit-tabpanel"
        data-tab={tab}
      >
        {supported ? (
          <View unitId={unitId} details={details} options={props.options} canEdit={props.canEdit} />
        ) : (
          <Card>
            <EmptyState title={t('unit.notSupported.title')}>
              <p className={css.muted}>
                {t(`unit.notSupported.${tab}`, {
                  model: details.ModelName,
                  defaultValue: t('unit.notSupported.text', { model: details.ModelName }),
                })}
              </p>
            </EmptyState>
          </Card>
        )}
      </div>
    </div>
  );
}
