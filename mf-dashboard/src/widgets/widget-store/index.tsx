/**
 * The widgetStore widget: the store's catalogue in a widget's body, adding to the dashboard it is
 * on. Outside a dashboard (no board context) it says so instead.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { type BoardContextValue, useBoardState, useOptionalBoard } from '../../dashboard/board/BoardContext';
import { WidgetStorePanel } from './WidgetStorePanel';

export default function WidgetStoreWidget({ size, readOnly }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const board = useOptionalBoard();
  if (!board) return <WidgetState kind="empty" title={t('widgets.widgetStore.noDashboard')} />;
  return <InDashboard board={board} compact={size.width > 0 && size.width < 560} readOnly={readOnly} />;
}

function InDashboard({
  board,
  compact,
  readOnly,
}: {
  board: BoardContextValue;
  compact: boolean;
  readOnly: boolean;
}) {
  const widgets = useBoardState((s) => s.content.widgets);
  const present = useMemo(() => widgets.map((w) => w.component), [widgets]);
  return (
    <WidgetStorePanel
      compact={compact}
      present={present}
      parking={board.parking}
      readOnly={readOnly}
      onAdd={board.addWidget}
    />
  );
}
