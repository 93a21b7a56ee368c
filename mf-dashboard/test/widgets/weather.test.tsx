import { act, fireEvent, screen } from '@testing-library/react';
import { sessionStore, USER_TYPES } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import WeatherWidget, { weatherUnit } from '../../src/widgets/weather';
import { renderWidget, unit } from './kpi.harness';

const units = [
  unit(1, { UnitGPSLatitude: null, UnitGPSLongitude: null }),
  unit(2, { UnitName: 'Harbour pump', UnitLocation: 'Kajen 4, Göteborg' }),
  unit(3, { UnitName: 'Tower', UnitGPSLatitude: 59.3, UnitGPSLongitude: 18.1 }),
];
const days = ['2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-10'].map((Date, i) => ({
  Date,
  TempMax: 3 + i,
  TempMin: -2 + i,
  Precipitation: i === 2 ? 4.2 : 0,
  WindSpeedMax: 10,
  WeatherCode: [0, 2, 61, 71, 95][i]!,
}));

describe('weather widget', () => {
  test('picks the selected unit with a position, else settings, else the first with a position', () => {
    expect(weatherUnit(units, [1, 3])?.UnitID).toBe(3);
    expect(weatherUnit(units, [], 3)?.UnitID).toBe(3);
    expect(weatherUnit(units, [])?.UnitID).toBe(2);
    expect(weatherUnit([units[0]!], [])).toBeUndefined();
  });

  test('shows five days with temperatures, precipitation and condition icons', async () => {
    const { api } = renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url.endsWith('getWeather') ? [days, false] : [{ weather: {} }, false]),
    });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findAllByTestId('weather-day')).toHaveLength(5);
    expect(api.get).toHaveBeenCalledWith('/api/v1/weather/getWeather', { lat: 57.7, lon: 11.97, days: 5, lang: 'en' });
    expect(screen.getByText('Harbour pump')).toBeTruthy();
    const third = screen.getAllByTestId('weather-day')[2]!;
    expect(third.textContent).toContain('5°');
    expect(third.textContent).toContain('4.2 mm');
    expect(third.textContent).toContain('Rain');
    expect(third.getAttribute('title')).toBe('08 Jan 2026 · Rain');
    expect(third.querySelector('svg')?.getAttribute('data-condition')).toBe('rain');
  });

  test('without a provider: a calm, explained state, and no weather request that could only fail', async () => {
    const { api } = renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url === '/api/v3/config' ? [{ nfcHost: '', weather: false }, false] : [undefined, true]),
    });
    const state = await screen.findByTestId('weather-notConfigured');
    expect(state.textContent).toContain('No weather on this server');
    // An administrator (the harness signs in a SuperUser) is told how to configure it.
    expect(state.textContent).toContain('WEATHER_URL');
    expect(state.textContent).toContain('last 5 days at Harbour pump');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.get.mock.calls.map((c) => c[0])).not.toContain('/api/v1/weather/getWeather');
  });

  test.each([
    ['User', USER_TYPES.User],
    ['Reader', USER_TYPES.Reader],
  ])('a %s sees no configuration hints (no variable names), weather off or missing', async (_, userType) => {
    const off = renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url === '/api/v3/config' ? [{ nfcHost: '', weather: false }, false] : [undefined, true]),
    });
    act(() => sessionStore.setState({ user: { ...demoUser, userType } }));
    const state = await screen.findByTestId('weather-notConfigured');
    expect(state.textContent).toContain('No weather on this server');
    expect(state.textContent).not.toMatch(/WEATHER_URL|administrator|open-meteo/i);
    off.unmount();
    renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url === '/api/v3/config' ? [{ nfcHost: '', weather: true }, false] : [undefined, true]),
    });
    act(() => sessionStore.setState({ user: { ...demoUser, userType } }));
    const missing = await screen.findByTestId('weather-unavailable');
    expect(missing.textContent).toContain('Weather data missing');
    expect(missing.textContent).not.toMatch(/WEATHER_URL|open-meteo/i);
  });

  test('an administrator is told where weather comes from when it is missing', async () => {
    renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url === '/api/v3/config' ? [{ nfcHost: '', weather: true }, false] : [undefined, true]),
    });
    const missing = await screen.findByTestId('weather-unavailable');
    expect(missing.textContent).toContain('Weather data missing');
    expect(missing.textContent).toContain('WEATHER_URL');
  });

  test('a provider that does not answer: weather data missing, with retry', async () => {
    let calls = 0;
    renderWidget(WeatherWidget, {
      units,
      answer: (url) => {
        if (url === '/api/v3/config') return [{ nfcHost: '', weather: true }, false];
        if (url.endsWith('getWeather')) return ++calls > 1 ? [days, false] : [undefined, true];
        return [undefined, true];
      },
    });
    expect((await screen.findByTestId('weather-unavailable')).textContent).toContain('Weather data missing');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('weather-day')).toHaveLength(5);
  });

  test('an error when nothing answers; empty without a unit with a position; hidden by preference', async () => {
    const { unmount } = renderWidget(WeatherWidget, { units });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the data');
    unmount();
    const second = renderWidget(WeatherWidget, { units: [units[0]!] });
    expect(screen.getByText('No unit with a position')).toBeTruthy();
    second.unmount();
    renderWidget(WeatherWidget, {
      units,
      answer: (url) => (url === '/api/v3/user/preferences' ? [{ weather: { '2': false } }, false] : [days, false]),
    });
    expect((await screen.findByTestId('weather-hidden')).textContent).toContain('Weather hidden for this unit');
  });

  test('in Swedish', async () => {
    renderWidget(WeatherWidget, { units, lng: 'sv', answer: (url) => (url === '/api/v3/config' ? [{ weather: false }, false] : [undefined, true]) });
    expect((await screen.findByTestId('weather-notConfigured')).textContent).toContain('Inget väder på den här servern');
  });
});
