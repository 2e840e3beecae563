/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderPage, typist } from '../testing/page-test-kit';
import { useAddressFilter } from './use-address-filter';

function Filters() {
  const [status, setStatus] = useAddressFilter('status', ['Open', 'Closed']);
  const [group, setGroup] = useAddressFilter('group');
  return (
    <>
      <output aria-label="status">{status || 'none'}</output>
      <output aria-label="group">{group || 'none'}</output>
      <button onClick={() => setStatus('Closed')}>closed</button>
      <button onClick={() => setStatus('')}>any status</button>
      <button onClick={() => setGroup('g7')}>group g7</button>
    </>
  );
}

describe('a list filter kept in the address', () => {
  test('a value outside the allowed ones reads as none; a filter without a list takes any value', () => {
    renderPage(<Filters />, { path: '/list', at: '/list?status=Lost&group=g1' });
    expect(screen.getByLabelText('status')).toHaveTextContent('none');
    expect(screen.getByLabelText('group')).toHaveTextContent('g1');
  });

  test('choosing sets it in the address beside the others, and choosing none removes it', async () => {
    const user = typist();
    const { location } = renderPage(<Filters />, { path: '/list', at: '/list?group=g1&page=2' });
    await user.click(screen.getByRole('button', { name: 'closed' }));
    expect(new URLSearchParams(location().search).get('status')).toBe('Closed');
    expect(screen.getByLabelText('status')).toHaveTextContent('Closed');
    await user.click(screen.getByRole('button', { name: 'group g7' }));
    await user.click(screen.getByRole('button', { name: 'any status' }));
    const query = new URLSearchParams(location().search);
    expect(query.has('status')).toBe(false);
    expect(query.get('group')).toBe('g7');
    expect(query.get('page')).toBe('2');
  });
});
