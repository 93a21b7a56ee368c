/**
 * The terms step (issue 19 §1.5, spec §5): the general terms in the reader's language with the
 * contract constants of spec §9; "Accept and activate" is enabled only once the end of the terms has
 * been in view in their scrolling box (an IntersectionObserver on a sentinel, or the scroll position
 * where there is none); accepting activates and leaves for the unit's page; a refusal says why.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Root } from '../src/Root';
import { OnboardingEnvContext } from '../src/features/flow/env';
import { demoUser, renderRemote } from './harness';
import { flowAt, server, TAG } from './flow-fixtures';

/** A stand-in IntersectionObserver: the test says when an observed element comes into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  takeRecords() {
    return [];
  }
}

function inView(el: Element, isIntersecting = true) {
  for (const o of FakeObserver.all.filter((x) => x.observed.includes(el)))
    o.callback([{ target: el, isIntersecting } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
}

const url = `/onboarding?tag=${TAG}&step=terms`;

function renderTerms(handler = server(flowAt('terms')), lng?: string) {
  const leave = jest.fn();
  const view = renderRemote(
    <OnboardingEnvContext.Provider value={{ origin: '', embedded: false, leave }}>
      <Root />
    </OnboardingEnvContext.Provider>,
    { path: url, handler, user: demoUser },
  );
  return { ...view, leave, lng };
}

describe('terms step', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    FakeObserver.all = [];
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  });
  afterAll(() => {
    globalThis.IntersectionObserver = original;
  });

  test('shows the terms with the contract constants, and accepts only after they were read to the end', async () => {
    const { calls, leave } = renderTerms(
      server(flowAt('terms'), (method, u, body) =>
        method === 'POST' && u === `/api/v3/onboarding/flow/${TAG}/activate`
          ? {
              status: 201,
              body: {
                data: {
                  unitId: 10018,
                  unitName: 'Pump station Norra',
                  organizationId: 1,
                  organizationName: 'Nordic Utilities',
                  trial: { status: 'active', startedAt: '2026-05-01T10:00:00.000Z', endsAt: '2026-05-29T10:00:00.000Z', endedAt: null, convertedAt: null },
                  body,
                },
              },
            }
          : undefined,
      ),
    );
    const panel = await screen.findByTestId('step-terms-panel');
    const box = within(panel).getByRole('region', { name: 'General terms, version 2023_1' });
    const text = box.textContent ?? '';
    expect(text).toContain('General terms and conditions for Fieldwatch');
    for (const phrase of [
      'free trial of 4 weeks',
      'runs for 12 months and is then renewed automatically for 12 months at a time',
      "3 months' notice",
      'invoiced quarterly in advance, that is for 3 months at a time',
      'payable 30 days net',
      'interest of 12 % per year',
      "at least 3 months' written notice",
    ])
      expect(text).toContain(phrase);
    expect(within(panel).getByTestId('summary-unit').textContent).toBe('Pump station Norra');
    expect(within(panel).getByTestId('summary-place').textContent).toContain('Onboarding site · Region Stockholm — Valhallavägen 41, Stockholm');

    const accept = within(panel).getByRole('button', { name: 'Accept and activate' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(within(panel).getByTestId('terms-read-state').textContent).toBe('Scroll to the end of the terms to accept them.');
    // The observer watches the end of the text, inside the scrolling box.
    const end = within(panel).getByTestId('terms-end');
    expect(FakeObserver.all.some((o) => o.observed.includes(end) && o.options?.root === box)).toBe(true);
    act(() => inView(end, false));
    expect(accept.disabled).toBe(true);
    fireEvent.click(accept);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    act(() => inView(end));
    expect(accept.disabled).toBe(false);
    expect(within(panel).getByTestId('terms-read-state').textContent).toBe('You have read the terms to the end.');
    await act(async () => {
      fireEvent.click(accept);
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/v3/onboarding/flow/${TAG}/activate`, body: { termsVersion: '2023_1', acceptTerms: true, language: 'en' } },
    ]);
    // Activated: a full page load of the unit's page.
    expect(leave).toHaveBeenCalledWith('/devicemanagement/10018');
  });

  test('without IntersectionObserver the scroll position of the box decides', async () => {
    globalThis.IntersectionObserver = undefined as unknown as typeof IntersectionObserver;
    renderTerms();
    const box = await screen.findByTestId('terms-box');
    const accept = screen.getByRole('button', { name: 'Accept and activate' }) as HTMLButtonElement;
    Object.defineProperty(box, 'scrollHeight', { value: 2000, configurable: true });
    Object.defineProperty(box, 'clientHeight', { value: 340, configurable: true });
    box.scrollTop = 900;
    fireEvent.scroll(box);
    expect(accept.disabled).toBe(true);
    box.scrollTop = 1660;
    fireEvent.scroll(box);
    expect(accept.disabled).toBe(false);
  });

  test('a refusal says what happened and what to do, in the reader’s language; the button stays', async () => {
    const { props } = renderTerms(
      server(flowAt('terms'), (method) =>
        method === 'POST'
          ? { status: 409, body: { message: 'This device is already activated.', code: 'onboarding_already_activated' } }
          : undefined,
      ),
    );
    await screen.findByTestId('step-terms-panel');
    await act(async () => {
      await props.i18n.changeLanguage('de');
    });
    const panel = screen.getByTestId('step-terms-panel');
    expect(within(panel).getByTestId('terms-box').textContent).toContain('Allgemeine Geschäftsbedingungen für Fieldwatch');
    expect(within(panel).getByTestId('terms-box').textContent).toContain('innerhalb von 30 Tagen netto');
    act(() => inView(within(panel).getByTestId('terms-end')));
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Akzeptieren und aktivieren' }));
    });
    expect(within(panel).getByTestId('terms-problem').textContent).toBe(
      'Diese Einheit ist bereits aktiviert. Wenn sie zu Ihrer Organisation gehört, finden Sie sie in der Einheitenverwaltung.',
    );
  });

  test('the URL cannot skip a step: ?step=terms before the placement shows the placement', async () => {
    renderRemote(<Root />, { path: url, handler: server(flowAt('placement')), user: demoUser });
    expect(await screen.findByTestId('step-placement-panel')).toBeTruthy();
    expect(screen.queryByTestId('step-terms-panel')).toBeNull();
  });
});
