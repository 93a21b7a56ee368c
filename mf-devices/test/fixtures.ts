import { INACTIVE_UNIT_MARKER, type Unit } from '@fieldwatch/shared';

let nextAlarmId = 1;
function alarm(type: number, time: string) {
  return {
    AlarmID: nextAlarmId++,
    AlarmType: type,
    AlarmEventText: 'Level exceeded',
    AlarmEventTime: time,
    ChannelID: 1,
  };
}

export function unit(id: number, over: Partial<Unit> = {}): Unit {
  return {
    UnitID: id,
    UnitName: `Unit ${id}`,
    UnitLocation: 'Depot',
    UnitType: 1,
    UnitGPSLatitude: 55.6761,
    UnitGPSLongitude: 12.5683,
    CustomerID: 10,
    AlarmEvents: [],
    ...over,
  };
}

/**
 * 45 units: 1–30 ok, 31–36 in alarm (loop alarm, 4), 37–40 with a communication error (19),
 * 41–45 not installed. Names and locations vary so the text search has something to find.
 */
export function fleet(): Unit[] {
  const list: Unit[] = [];
  for (let id = 1; id <= 45; id++) {
    const over: Partial<Unit> = {
      UnitName: `Pump ${String(id).padStart(2, '0')}`,
      UnitLocation: id % 3 === 0 ? 'Harbour basin' : 'North reservoir',
      UnitType: id % 2 === 0 ? 41 : 1, // AWG or X1
      CustomerID: id % 4 === 0 ? 11 : 10,
    };
    if (id > 30 && id <= 36)
      over.AlarmEvents = [alarm(4, '2024-05-01 10:00:00'), alarm(28, '2024-05-02 08:30:00')];
    if (id > 36 && id <= 40) over.AlarmEvents = [alarm(19, '2024-05-03 12:00:00')];
    if (id > 40) over.UnitName = `Sensor ${id} ${INACTIVE_UNIT_MARKER}`;
    list.push(unit(id, over));
  }
  return list;
}

export const customers = [
  { CustomerID: 10, CustomerName: 'Aarhus Water', CustomerRights: [] },
  { CustomerID: 11, CustomerName: 'Malmö Energi', CustomerRights: [] },
];
