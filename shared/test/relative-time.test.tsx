import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { AbsoluteTime, RelativeTime } from '../src/remote/RelativeTime';
import { demoUser, renderRemote } from '../src/testing';

let timeConfig: typeof demoUser.timeConfig | undefined;

/** The user's time settings for the next render (none: the product's defaults). */
function signInAs(c: NonNullable<typeof demoUser.timeConfig>) {
  timeConfig = c;
}

/** Renders inside a remote, signed in with `timeConfig`. */
function render(element: ReactElement) {
  return renderRemote({
    element,
    url: '/',
    basename: '/',
    namespace: 'common',
    bundles: {},
    navigate: jest.fn(),
    session: { status: 'signedIn', user: timeConfig ? { ...demoUser, timeConfig } : null },
  });
}

afterEach(() => {
  timeConfig = undefined;
});

/** The text AbsoluteTime shows for `date`. */
function absolute(date: string) {
  render(
    <p data-testid="t">
      <AbsoluteTime date={date} />
    </p>,
  );
  return screen.getByTestId('t').textContent;
}

describe('times in the user’s zone and formats', () => {
  test('an absolute time is shown in the user’s zone, date format and 12/24 h', () => {
    signInAs({ timezone: 'America/New_York', timeFormat: '12h', dateFormat: 'MMM DD YYYY' });
    expect(absolute('2024-05-03T08:00:00.000Z')).toBe('May 03 2024 4:00 AM');
  });

  test('API times without a zone ("YYYY-MM-DD HH:mm:ss", spec §9) are read as UTC', () => {
    signInAs({ timezone: 'Europe/Stockholm', timeFormat: '24h', dateFormat: 'DD MMM YYYY' });
    expect(absolute('2024-05-03 08:00:00')).toBe('03 May 2024 10:00');
  });

  test('a relative time says how long ago, with the user’s date and time on hover', () => {
    signInAs({ timezone: 'America/New_York', timeFormat: '24h', dateFormat: 'DD MMM YYYY' });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    render(<RelativeTime date={twoHoursAgo.toISOString()} />);
    const time = screen.getByText('2 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(twoHoursAgo.toISOString());
    const inNewYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(twoHoursAgo);
    expect(time.getAttribute('title')).toMatch(new RegExp(`^\\d{2} \\w{3} \\d{4} ${inNewYork}$`));
  });

  test('an unreadable time shows a dash', () => {
    render(<RelativeTime date="not a date" />);
    expect(screen.getByText('—')).toBeTruthy();
  });
});
