import { screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import NotAuthorizedPage from './not-authorized-page';
import { renderPage } from './parts/page-test-kit';

describe('not authorized page', () => {
  test('shows the attempted path and a link home', () => {
    renderPage(<NotAuthorizedPage />, {
      path: '/not-authorized',
      at: `/not-authorized?redirectFrom=${encodeURIComponent('/admin/users/list?page=2')}`,
    });

    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(screen.getByText('/admin/users/list?page=2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  test('shows the attempted path as text, never as markup', () => {
    const { container } = renderPage(<NotAuthorizedPage />, {
      path: '/not-authorized',
      at: `/not-authorized?redirectFrom=${encodeURIComponent('/x<img src=x onerror=alert(1)>')}`,
    });
    expect(screen.getByText('/x<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
