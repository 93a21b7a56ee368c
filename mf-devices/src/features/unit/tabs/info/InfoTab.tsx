/** The unit's info: what it is, whose it is, its channels and when it was last heard from. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderUnitType } from '@fieldwatch/shared';
import { AbsoluteTime, RelativeTime, useSession } from '@fieldwatch/shared/remote';
import { Card, Table } from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

export function InfoTab({ unitId, details, options }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const customer = useSession((s) => s.customers.find((c) => c.CustomerID === details.CustomerID));
  const serial =
    details.SerialNumber ?? (typeof options.custom.serial === 'string' ? options.custom.serial : null);
  const rows: Array<[string, ReactNode]> = [
    [t('unit.info.name'), details.UnitName],
    [t('unit.info.model'), renderUnitType(details.UnitType, t)],
    [t('unit.info.typeCode'), String(details.UnitType)],
    [t('unit.info.id'), String(unitId)],
    [t('unit.info.serial'), serial ?? t('unit.info.noSerial')],
    [
      t('unit.info.organisation'),
      customer?.CustomerName ?? t('unit.info.organisationId', { id: details.CustomerID }),
    ],
    [t('unit.info.locationText'), details.UnitLocation || t('unit.info.none')],
    [
      t('unit.info.created'),
      details.CreatedAt ? <AbsoluteTime date={details.CreatedAt} /> : t('unit.info.notReported'),
    ],
    [
      t('unit.info.lastContact'),
      details.LastContact ? <RelativeTime date={details.LastContact} /> : t('unit.info.notReported'),
    ],
  ];
  return (
    <div className={css.stack}>
      <Card title={t('unit.info.title')} data-testid="info-tab">
        <dl className={css.facts}>
          {rows.map(([label, value]) => (
            <div key={label} className={css.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t('unit.info.channels', { count: details.Channels.length })} flush>
        {details.Channels.length === 0 ? (
          <p className={css.pad}>{t('unit.info.noChannels')}</p>
        ) : (
          <Table label={t('unit.info.channelsLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('unit.info.channelNo')}</th>
                <th scope="col">{t('unit.info.channelName')}</th>
                <th scope="col">{t('unit.info.channelKind')}</th>
                <th scope="col">{t('unit.info.channelUnit')}</th>
              </tr>
            </thead>
            <tbody>
              {details.Channels.map((c) => (
                <tr key={c.ChannelID}>
                  <td>{c.ChannelID}</td>
                  <td>{c.ChannelName}</td>
                  <td>{t(`unit.channelKind.${c.ChannelKind}`)}</td>
                  <td>{c.UnitOfMeasure || '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}
