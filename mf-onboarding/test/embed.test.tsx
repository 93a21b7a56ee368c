import { act } from '@testing-library/react';
import { mount } from '../src/embed';

describe('embed', () => {
  test('renders the first step into a shadow root and unmounts cleanly', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = mount(host, { apiBase: 'https://fieldwatch.example/', language: 'sv' });
    });
    const shadow = host.shadowRoot!;
    expect(shadow).toBeTruthy();
    expect(host.children).toHaveLength(0); // nothing leaks into the partner's DOM
    const frame = shadow.querySelector('.fw-embed')!;
    expect(frame.getAttribute('data-theme')).toBe('dark');
    expect(shadow.querySelector('h1')?.textContent).toBe('Aktivera din enhet');
    expect(shadow.querySelector('[data-testid="tag-entry"]')).toBeTruthy();

    await act(async () => unmount());
    expect(shadow.childNodes).toHaveLength(0);
    host.remove();
  });
});
