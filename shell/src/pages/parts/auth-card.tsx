/** The frame of every sign-in and account page: the brand's logo and name over one centred card. */
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { brandLogo, pageBrand } from '../../brands/brands';

export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  // The brand depends on the host (and a ?brand= override), which does not change while the page is open.
  const brand = pageBrand();
  return (
    <Flex justify="center" style={{ padding: '8vh 16px' }}>
      <Card style={{ width: '100%', maxWidth: width }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <img src={brandLogo(brand)} alt={brand.name} width={48} height={48} />
          <Typography.Text type="secondary">{brand.name}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
