/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderPage, typist } from '../testing/page-test-kit';
import { RouteMetaContext, type ShownRouteMeta } from './route-context';
import RouteOverview, { NOT_BUILT_TEXT } from './route-overview';

const EMAIL_FOLDER: ShownRouteMeta = {
  path: '/comms/email/:id/:folderType',
  title: 'E-mail folder',
  layout: 'main',
  offline: false,
  authRequired: true,
  allowedPermissions: ['COMMUNICATIONS/EMAIL'],
};

function showNotBuilt(meta: ShownRouteMeta) {
  return renderPage(
    <RouteMetaContext.Provider value={meta}>
      <RouteOverview />
    </RouteMetaContext.Provider>,
    { path: meta.path, at: '/comms/email/7/inbox' },
  );
}

describe('a screen not built yet', () => {
  test('names the screen in words, never its route pattern or permission codes', () => {
    showNotBuilt(EMAIL_FOLDER);
    expect(screen.getByRole('heading', { name: 'E-mail folder' })).toBeInTheDocument();
    expect(screen.getByText(NOT_BUILT_TEXT.detail)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(':id');
    expect(document.body.textContent).not.toContain('COMMUNICATIONS/EMAIL');
  });

  test('offers the way back home', async () => {
    const view = showNotBuilt(EMAIL_FOLDER);
    await typist().click(screen.getByRole('link', { name: NOT_BUILT_TEXT.backHome }));
    expect(view.location().pathname).toBe('/');
  });
});
