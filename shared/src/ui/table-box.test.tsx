/** @jest-environment jsdom */
import { render, waitFor } from '@testing-library/react';
import { TableBox } from './table-box';

/** jsdom lays nothing out: a region's widths are given as a browser would measure them. */
function measured(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => clientWidth });
}

describe('the table box', () => {
  test('a table region that scrolls sideways becomes a tab stop, and stops being one once it no longer scrolls', async () => {
    const { container, rerender } = render(
      <TableBox>
        <div className="ant-table-content" data-testid="region">
          <table />
        </div>
      </TableBox>,
    );
    const region = container.querySelector<HTMLElement>('.ant-table-content')!;
    measured(region, 1800, 1200);
    rerender(
      <TableBox>
        <div className="ant-table-content" data-testid="region">
          <table>
            <tbody />
          </table>
        </div>
      </TableBox>,
    );
    await waitFor(() => expect(region).toHaveAttribute('tabindex', '0'));

    measured(region, 1200, 1200);
    rerender(
      <TableBox>
        <div className="ant-table-content" data-testid="region">
          <table>
            <tbody>
              <tr />
            </tbody>
          </table>
        </div>
      </TableBox>,
    );
    await waitFor(() => expect(region).not.toHaveAttribute('tabindex'));
  });

  test('a region antd made focusable itself is left as it is', async () => {
    const { container } = render(
      <TableBox>
        <div className="ant-table-body" tabIndex={-1}>
          <table />
        </div>
      </TableBox>,
    );
    const region = container.querySelector<HTMLElement>('.ant-table-body')!;
    measured(region, 10, 10);
    await waitFor(() => expect(region).toHaveAttribute('tabindex', '-1'));
  });
});
