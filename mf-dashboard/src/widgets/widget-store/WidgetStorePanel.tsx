/**
 * The widget store: the catalogue (shared WIDGET_CATALOGUE, the same list GET /api/v3/user/widget
 * answers) as cards — name, what it shows, size — with search and "Add". Used as the header's
 * "Add widget" dialog and as the body of the widgetStore widget. The widgetStore item itself is
 * "announced" in the product spec: it is shown as the store's own entry, never added.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAP_WIDGETS,
  PARKING_WIDGETS,
  WIDGET_CATALOGUE,
  type WidgetCatalogueItem,
  type WidgetComponent,
} from './catalogue';
import { Button, Icon, SearchField } from '@fieldwatch/shared/ui';
import css from './WidgetStorePanel.module.css';

export interface WidgetStorePanelProps {
  /** Adds the widget; false when it was refused (e.g. a second map). */
  onAdd(component: WidgetComponent): boolean;
  /** Components already on the dashboard (counts, and the one-map rule). */
  present: readonly WidgetComponent[];
  /** Whether parking widgets are offered (a selected customer has the parking right). */
  parking: boolean;
  /** Narrow layout (inside a widget). */
  compact?: boolean;
  readOnly?: boolean;
}

const CATEGORY: Record<
  WidgetComponent,
  'lists' | 'maps' | 'charts' | 'status' | 'environment' | 'parking' | 'store'
> = {
  unitList: 'lists',
  alarmList: 'lists',
  list: 'lists',
  relay: 'lists',
  alarms: 'lists',
  unitMap: 'maps',
  alarmMap: 'maps',
  charts: 'charts',
  multichart: 'charts',
  consumption: 'charts',
  status: 'status',
  battery: 'status',
  groupAlarm: 'status',
  alarmMonitor: 'status',
  temp: 'environment',
  weather: 'environment',
  airQuality: 'environment',
  indoorClimate: 'environment',
  waterLevel: 'environment',
  parkingList: 'parking',
  parkingMap: 'parking',
  parkingStats: 'parking',
  widgetStore: 'store',
};
const CATEGORIES = ['lists', 'maps', 'charts', 'status', 'environment', 'parking'] as const;

export function WidgetStorePanel({
  onAdd,
  present,
  parking,
  compact = false,
  readOnly = false,
}: WidgetStorePanelProps) {
  const { t } = useTranslation('dashboard');
  const [query, setQuery] = useState('');
  const [added, setAdded] = useState<WidgetComponent | null>(null);
  const items = useMemo(
    () =>
      WIDGET_CATALOGUE.filter((w) => !w.announced && (parking || !PARKING_WIDGETS.includes(w.id)))
        .map((w) => ({
          item: w,
          name: t(`catalogue.${w.id}.name`, { defaultValue: w.name }),
          description: t(`catalogue.${w.id}.description`, { defaultValue: '' }),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [t, parking],
  );
  const q = query.trim().toLocaleLowerCase();
  const shown = q ? items.filter((x) => `${x.name} ${x.description}`.toLocaleLowerCase().includes(q)) : items;
  const hasMap = present.some((c) => MAP_WIDGETS.includes(c));
  const count = (id: WidgetComponent) => present.filter((c) => c === id).length;

  return (
    <div className={`${css.panel} ${compact ? css.compact : ''}`} data-testid="widget-store">
      <div className={css.top}>
        <SearchField
          label={t('store.search')}
          placeholder={t('store.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={css.search}
        />
        <span className={css.muted}>{t('store.count', { count: shown.length })}</span>
      </div>
      {readOnly && <p className={css.note}>{t('store.readOnly')}</p>}
      {shown.length === 0 && <p className={css.empty}>{t('store.noMatch', { query })}</p>}
      {CATEGORIES.map((cat) => {
        const inCat = shown.filter((x) => CATEGORY[x.item.id] === cat);
        if (inCat.length === 0) return null;
        return (
          <section key={cat} className={css.category} aria-label={t(`store.category.${cat}`)}>
            <h3 className={css.categoryTitle}>{t(`store.category.${cat}`)}</h3>
            <ul className={css.cards}>
              {inCat.map(({ item, name, description }) => (
                <StoreCard
                  key={item.id}
                  item={item}
                  name={name}
                  description={description}
                  onDashboard={count(item.id)}
                  blockedByMap={item.map && hasMap}
                  justAdded={added === item.id}
                  onAdd={() => {
                    if (onAdd(item.id)) setAdded(item.id);
                  }}
                />
              ))}
            </ul>
          </section>
        );
      })}
      <p className={css.footnote}>
        <Icon name="layout" size={14} /> {t('store.announced')}
      </p>
    </div>
  );
}

function StoreCard(props: {
  item: WidgetCatalogueItem;
  name: string;
  description: string;
  onDashboard: number;
  blockedByMap: boolean;
  justAdded: boolean;
  onAdd(): void;
}) {
  const { t } = useTranslation('dashboard');
  const { item } = props;
  return (
    <li className={css.card} data-testid="store-item" data-widget={item.id}>
      <div className={css.cardHead}>
        <span className={css.name}>{props.name}</span>
        {item.map && <span className={css.tag}>{t('store.mapTag')}</span>}
      </div>
      {props.description && <p className={css.description}>{props.description}</p>}
      <div className={css.cardFoot}>
        <span className={css.size} title={t('store.sizeTitle')}>
          {t('store.size', { w: item.defaultW, h: item.defaultH, minW: item.minW, minH: item.minH })}
        </span>
        {props.onDashboard > 0 && (
          <span className={css.present}>{t('store.onDashboard', { count: props.onDashboard })}</span>
        )}
        <Button
          size="small"
          variant={props.justAdded ? 'default' : 'primary'}
          onClick={props.onAdd}
          title={props.blockedByMap ? t('board.errors.onlyOneMap') : undefined}
          aria-label={t('store.addNamed', { name: props.name })}
        >
          {props.justAdded ? t('store.added') : t('store.add')}
        </Button>
      </div>
    </li>
  );
}
