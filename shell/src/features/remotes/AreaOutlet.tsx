import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { areaDef, CONTRACT_VERSION, type RemoteName } from '@fieldwatch/shared';
import { ErrorState, LoadingState } from '@fieldwatch/shared/ui';
import { areaElement, useAreaState } from './area-state';
import { retryArea } from './area-loader';
import css from './AreaOutlet.module.css';

/** Where an area appears in the layout, with its loading and "unavailable — retry" states. */
export function AreaOutlet({ name }: { name: RemoteName }) {
  const { t } = useTranslation('shell');
  const slot = useRef<HTMLDivElement>(null);
  const state = useAreaState((s) => s.areas[name]);
  const area = t(`common:nav.${areaDef(name).labelKey}`);

  useLayoutEffect(() => {
    const el = areaElement(name);
    slot.current?.appendChild(el);
  }, [name]);

  const status = state?.status ?? 'loading';
  return (
    <div className={css.outlet}>
      {status === 'loading' && (
        <div className={css.overlay}>
          <LoadingState label={t('area.loading', { area })} />
        </div>
      )}
      {status === 'unavailable' && (
        <div className={css.overlay} data-testid={`area-unavailable-${name}`}>
          <ErrorState
            title={t('area.unavailableTitle')}
            message={t('area.unavailableText', { area })}
            retryLabel={t('common:action.retry')}
            onRetry={() => void retryArea(name)}
          />
        </div>
      )}
      {status === 'incompatible' && (
        <div className={css.overlay} data-testid={`area-incompatible-${name}`}>
          <ErrorState
            title={t('area.incompatibleTitle', { area })}
            message={t('area.incompatibleText', { area, needs: state?.error ?? '', current: CONTRACT_VERSION })}
            retryLabel={t('common:action.retry')}
            onRetry={() => void retryArea(name)}
          />
        </div>
      )}
      <div ref={slot} className={css.slot} hidden={status === 'unavailable' || status === 'incompatible'} />
    </div>
  );
}
