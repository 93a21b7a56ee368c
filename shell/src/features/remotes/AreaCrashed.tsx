import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { areaDef, type RemoteName } from '@fieldwatch/shared';
import { ErrorState } from '@fieldwatch/shared/ui';
import { reportError } from '../errors/reporting';

/** Rendered inside an area whose React tree threw: the rest of the shell is untouched. */
export function AreaCrashed({ name, error, i18n, onRetry }: { name: RemoteName; error: Error; i18n: I18n; onRetry: () => void }) {
  useEffect(() => reportError(error, { area: name, phase: 'render' }), [error, name]);
  const area = i18n.t(`common:nav.${areaDef(name).labelKey}`);
  return (
    <div data-testid={`area-crashed-${name}`}>
      <ErrorState
        title={i18n.t('shell:area.unavailableTitle')}
        message={i18n.t('shell:area.crashedText', { area })}
        retryLabel={i18n.t('common:action.retry')}
        onRetry={onRetry}
      />
    </div>
  );
}

