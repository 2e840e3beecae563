/** /reports/standard: the five standard reports as cards, each opening its screen (those the user may open). */
import { Card, Col, Empty, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { useCan } from '@meridian/shared/session/use-can';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { REPORT_TEXT } from './standard-report-text';

/** Each report's screen and what it tells, in the order of the menu. */
export const STANDARD_REPORT_CARDS = [
  {
    path: standardReports.screens.parOverThirty,
    title: REPORT_TEXT.parTitle,
    about: 'Loans more than 30 days in arrears, by branch, team, officer and product, and by month.',
  },
  {
    path: standardReports.screens.collectionsSummary,
    title: REPORT_TEXT.collectionsTitle,
    about: 'What fell due against what was collected per period, the on-time rate and arrears recovered.',
  },
  {
    path: standardReports.screens.tenantLoans,
    title: REPORT_TEXT.tenantLoansTitle,
    about: 'Loans disbursed, outstanding and at risk for each tenant.',
  },
  {
    path: standardReports.screens.salesAgent,
    title: REPORT_TEXT.salesAgentTitle,
    about: 'Each agent’s activities, leads, conversions, distance travelled and time in the field.',
  },
  { path: standardReports.screens.userLogin, title: REPORT_TEXT.userLoginTitle, about: 'Sign-ins, failures and lock-outs of each user.' },
] as const;

export default function StandardReportsPage() {
  // The five screens open with the same grant (the standardReports resource's read).
  const mayRead = useCan(standardReports, 'read');
  return (
    <PageFrame title={REPORT_TEXT.overview} subtitle={REPORT_TEXT.overviewHint}>
      {mayRead ? (
        <Row gutter={[16, 16]}>
          {STANDARD_REPORT_CARDS.map((card) => (
            <Col key={card.path} xs={24} md={12} xl={8}>
              <Card size="small" title={<Link to={card.path}>{card.title}</Link>} style={{ height: '100%' }}>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  {card.about}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={REPORT_TEXT.noReports} />
      )}
    </PageFrame>
  );
}
