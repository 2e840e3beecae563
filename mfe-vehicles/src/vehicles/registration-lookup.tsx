/**
 * The lookup by registration number (tracking spec 7: GET /vehicles/regNumber/{reg}): the vehicle it
 * finds opens; none found says so. Offline the lookup is not available (spec 5), and it says so
 * rather than trying.
 */
import { useState } from 'react';
import { Flex, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { isOfflineFailure } from '@meridian/shared/http/api-error';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { useSession } from '@meridian/shared/session/session-store';
import { vehiclePath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import { VEHICLE_TEXT } from './vehicle-text';

export function RegistrationLookup() {
  const navigate = useNavigate();
  const online = useSession((s) => s.networkOnline);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async (typed: string) => {
    const reg = typed.trim();
    setProblem(null);
    if (!reg) return;
    if (!online) {
      setProblem(VEHICLE_TEXT.lookupOffline);
      return;
    }
    setBusy(true);
    try {
      const { data } = await api.get<Vehicle>(VEHICLES_API.byRegistration(reg));
      void navigate(vehiclePath(data.id));
    } catch (error) {
      setProblem(
        isApiStatus(error, 404) ? VEHICLE_TEXT.lookupNotFound : isOfflineFailure(error) ? VEHICLE_TEXT.lookupOffline : errorText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={4}>
      <Input.Search
        aria-label={VEHICLE_TEXT.lookupLabel}
        placeholder={VEHICLE_TEXT.lookupPlaceholder}
        enterButton
        loading={busy}
        allowClear
        onSearch={(value) => void lookUp(value)}
        style={{ maxWidth: 280 }}
      />
      {problem && (
        <Typography.Text type={online ? 'danger' : 'warning'} role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
