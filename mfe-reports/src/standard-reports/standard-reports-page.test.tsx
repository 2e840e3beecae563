import { screen, within } from '@testing-library/react';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { fakeServer, renderAppPage, resetSession } from '@meridian/shared/testing/page-test-kit';
import { signInManager } from '../testing/reports-test-kit';
import StandardReportsPage from './standard-reports-page';
import { REPORT_TEXT } from './standard-report-text';

const SCREEN = standardReports.screens.list;
const renderOverview = () => renderAppPage(<StandardReportsPage />, { path: SCREEN, at: SCREEN });

afterEach(resetSession);

describe('the standard reports overview', () => {
  test('lists the five reports, each a link to its screen', () => {
    signInManager();
    fakeServer(() => undefined);
    renderOverview();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [REPORT_TEXT.parTitle, '/reports/standard/parVarThirtyReport'],
      [REPORT_TEXT.collectionsTitle, '/reports/standard/collectionsSummaryReport'],
      [REPORT_TEXT.tenantLoansTitle, '/reports/standard/tenantLoansReport'],
      [REPORT_TEXT.salesAgentTitle, '/reports/standard/salesAgentReport'],
      [REPORT_TEXT.userLoginTitle, '/reports/standard/userLoginReport'],
    ]);
  });

  test('without the reports’ permission, it offers none', () => {
    signInManager(['CLIENTS']);
    fakeServer(() => undefined);
    renderOverview();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(within(document.body).getByText(REPORT_TEXT.noReports)).toBeInTheDocument();
  });
});
