/**
 * /listing/:tenantKey: a lender's repossessed vehicles for sale, for anyone, signed out (tracking spec 7
 * Vehicles; issue 20). Cards with the listing photo, make, model, year, colour, the masked registration
 * and the book value; an offer is made in a dialog. Only the public calls are made, so a signed-out
 * visitor is never sent to the sign-in page. The page wears the brand of the host it is served on.
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Col, Empty, Modal, Pagination, Result, Row, Space, Spin, Typography } from 'antd';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { publicListing } from '@meridian/shared/contract/areas/vehicles';
import type { PagingMeta } from '@meridian/shared/contract/envelope';
import { tenantKeySchema, type PublicListing, type PublicListingVehicle } from '@meridian/shared/contract/public-listing';
import { formatMinor } from '@meridian/shared/money-text';
import { api } from '@meridian/shared/http/api';
import { isApiError } from '@meridian/shared/http/api-error';
import { PublicBidForm } from './public-bid-form';
import { PUBLIC_LISTING_TEXT as TEXT } from './public-listing-text';

const PAGE_SIZE = 12;

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'unreachable' }
  | { kind: 'shown'; listing: PublicListing; paging: PagingMeta | undefined };

function useListing(tenantKey: string | null, pageNumber: number) {
  const [view, setView] = useState<View>(tenantKey ? { kind: 'loading' } : { kind: 'missing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!tenantKey) return undefined;
    let stopped = false;
    const path = `/api${pathTo(publicListing.api.listing, { tenantKey })}?page=${pageNumber}&size=${PAGE_SIZE}`;
    api.get<PublicListing>(path).then(
      ({ data, paging }) => !stopped && setView({ kind: 'shown', listing: data, paging }),
      (error: unknown) => !stopped && setView({ kind: isApiError(error) && [400, 404].includes(error.status) ? 'missing' : 'unreachable' }),
    );
    return () => {
      stopped = true;
    };
  }, [tenantKey, pageNumber, attempt]);
  return { view, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

const nameOf = (v: PublicListingVehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ');

function VehicleCard({ vehicle, onBid }: { vehicle: PublicListingVehicle; onBid: () => void }) {
  const cover = vehicle.photoUrl ? (
    <img src={vehicle.photoUrl} alt={nameOf(vehicle)} style={{ aspectRatio: '16 / 10', objectFit: 'cover', width: '100%' }} />
  ) : (
    <div style={{ aspectRatio: '16 / 10', display: 'grid', placeItems: 'center' }}>
      <Typography.Text type="secondary">{TEXT.noPhoto}</Typography.Text>
    </div>
  );
  return (
    <Card
      cover={cover}
      actions={[
        <Button key="bid" type="primary" onClick={onBid}>
          {TEXT.makeBid}
        </Button>,
      ]}
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {nameOf(vehicle)}
      </Typography.Title>
      <Space direction="vertical" size={2}>
        <Typography.Text>
          {TEXT.registration}: {vehicle.registration}
        </Typography.Text>
        {vehicle.colour && (
          <Typography.Text>
            {TEXT.colour}: {vehicle.colour}
          </Typography.Text>
        )}
        {vehicle.bluebookValue && (
          <Typography.Text strong>
            {TEXT.bluebook}: {formatMinor(vehicle.bluebookValue.amountMinor, vehicle.bluebookValue.currency)}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

export default function PublicListingPage() {
  const params = useParams();
  const parsed = tenantKeySchema.safeParse(params.tenantKey);
  const tenantKey = parsed.success ? parsed.data : null;
  const [pageNumber, setPageNumber] = useState(1);
  const [bidding, setBidding] = useState<PublicListingVehicle | null>(null);
  const { view, retry } = useListing(tenantKey, pageNumber);

  if (view.kind === 'loading') return <Result icon={<Spin />} title={TEXT.loading} />;
  if (view.kind === 'missing') return <Result status="404" title={TEXT.missingTitle} subTitle={TEXT.missingBody} />;
  if (view.kind === 'unreachable')
    return <Result status="warning" title={TEXT.unreachable} extra={<Button onClick={retry}>{TEXT.retry}</Button>} />;
  const { listing, paging } = view;
  return (
    <main style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {TEXT.title(listing.sellerName)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{TEXT.intro}</Typography.Paragraph>
      {listing.vehicles.length === 0 ? (
        <Empty description={TEXT.empty} />
      ) : (
        <Row gutter={[16, 16]}>
          {listing.vehicles.map((vehicle) => (
            <Col key={vehicle.id} xs={24} sm={12} lg={8}>
              <VehicleCard vehicle={vehicle} onBid={() => setBidding(vehicle)} />
            </Col>
          ))}
        </Row>
      )}
      {paging && paging.total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'center' }}
          current={pageNumber}
          pageSize={PAGE_SIZE}
          total={paging.total}
          showSizeChanger={false}
          onChange={setPageNumber}
        />
      )}
      <Modal
        open={bidding !== null}
        title={bidding ? TEXT.bidTitle(nameOf(bidding)) : undefined}
        footer={null}
        onCancel={() => setBidding(null)}
        destroyOnHidden
      >
        {bidding && tenantKey && <PublicBidForm tenantKey={tenantKey} vehicle={bidding} />}
      </Modal>
    </main>
  );
}
