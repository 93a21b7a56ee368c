import { screen, within } from '@testing-library/react';
import { CAPABILITIES, PERMISSIONS, USER_TYPES } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

describe('admin permissions', () => {
  test('draws the matrix from the rule table the server enforces, and explains "view all"', async () => {
    renderRemote(<Root />, { path: '/admin/permissions', handler: () => ({ status: 404, body: {} }), user: { ...demoUser, userType: USER_TYPES.User } });
    const rows = await screen.findAllByTestId('permission-row');
    expect(rows.map((r) => r.getAttribute('data-capability'))).toEqual([...CAPABILITIES]);
    for (const row of rows) {
      const cap = row.getAttribute('data-capability') as (typeof CAPABILITIES)[number];
      const cells = within(row).getAllByRole('cell');
      const allowed = cells.map((c) => c.getAttribute('data-allowed') === 'true');
      expect(allowed).toEqual([USER_TYPES.SuperUser, USER_TYPES.User, USER_TYPES.Reader].map((u) => PERMISSIONS[cap].includes(u)));
    }
    const operate = rows.find((r) => r.getAttribute('data-capability') === 'operate')!;
    expect(within(operate).getByText('Change units, alarms and tasks')).toBeTruthy();
    expect(within(operate).getAllByText('Allowed')).toHaveLength(2);
    expect(within(operate).getAllByText('Not allowed')).toHaveLength(1);
    // The signed-in user's type is marked.
    expect(screen.getByText('your type').closest('th')!.textContent).toContain('User');
    expect(screen.getByTestId('permissions-view-all').textContent).toMatch(/sees all units/);
  });
});
