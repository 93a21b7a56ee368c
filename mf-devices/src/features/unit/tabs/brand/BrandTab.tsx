/** Custom brand: a label, colour and icon of the unit's own, with a preview of how it looks. */
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@fieldwatch/shared/ui';
import { SettingsPanel } from '../../settings/SettingsForm';
import type { SettingsForm } from '../../settings/useSettingsForm';
import { BRAND_FIELDS, BRAND_ICONS } from '../settings/fields';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

function Preview({ form, unitName }: { form: SettingsForm; unitName: string }) {
  const { t } = useTranslation('devices');
  const [label, color, icon] = BRAND_FIELDS.map((f) => form.value(f));
  const iconName: IconName = (BRAND_ICONS as readonly string[]).includes(String(icon))
    ? (icon as IconName)
    : 'unit';
  const colour = typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
  return (
    <div>
      <span className={css.muted}>{t('unit.brand.preview')}</span>{' '}
      <span
        className={css.preview}
        // The brand colour marks the border and the icon; the text keeps the theme's text colour,
        // which reads at 4.5:1 whatever colour was chosen.
        style={colour ? { borderColor: colour } : undefined}
        data-testid="brand-preview"
      >
        <span style={colour ? { color: colour, display: 'inline-flex' } : { display: 'inline-flex' }}>
          <Icon name={iconName} />
        </span>
        {typeof label === 'string' && label.trim() ? label.trim() : unitName}
      </span>
    </div>
  );
}

export function BrandTab({ unitId, details, canEdit }: UnitTabProps) {
  return (
    <SettingsPanel
      unitId={unitId}
      canEdit={canEdit}
      title="unit.brand.title"
      intro="unit.brand.intro"
      fields={BRAND_FIELDS}
      testId="brand-tab"
    >
      {(form) => <Preview form={form} unitName={details.UnitName} />}
    </SettingsPanel>
  );
}
