import { POSITION_REPORT, alarmOf, positionEventText } from './position-event-text';

const at = (attributes: Record<string, unknown>) => ({ attributes });

describe('the event text of a position', () => {
  test('ignition turning on is Ignition On, turning off is Ignition Off', () => {
    expect(positionEventText(at({ ignition: true }), at({ ignition: false }))).toBe('Ignition On');
    expect(positionEventText(at({ ignition: false }), at({ ignition: true }))).toBe('Ignition Off');
  });

  test('ignition that stays as it was is a Position Report', () => {
    expect(positionEventText(at({ ignition: true }), at({ ignition: true }))).toBe(POSITION_REPORT);
  });

  test('without the position before, ignition alone is a Position Report', () => {
    expect(positionEventText(at({ ignition: true }))).toBe(POSITION_REPORT);
    expect(positionEventText(at({ ignition: true }), at({}))).toBe(POSITION_REPORT);
  });

  test('an alarm is Alarm with its value', () => {
    expect(positionEventText(at({ alarm: 'sos' }), at({}))).toBe('Alarm sos');
    expect(positionEventText(at({ alarm: 'powerCut,tampering' }))).toBe('Alarm powerCut,tampering');
  });

  test('an ignition change is named before an alarm on the same position', () => {
    expect(positionEventText(at({ ignition: true, alarm: 'sos' }), at({ ignition: false }))).toBe('Ignition On');
  });

  test('anything else is a Position Report', () => {
    expect(positionEventText(at({ sat: 9, odometer: 1200 }))).toBe(POSITION_REPORT);
    expect(positionEventText(at({ alarm: '  ' }))).toBe(POSITION_REPORT);
  });

  test('an alarm value is read trimmed, and numeric alarms as their number', () => {
    expect(alarmOf({ alarm: ' sos ' })).toBe('sos');
    expect(alarmOf({ alarm: 3 })).toBe('3');
    expect(alarmOf({ alarm: null })).toBeNull();
  });
});
