/**
 * One position on the map (/sales/agents/location/:lng/:lat, plain layout; longitude first, as the
 * spec's address has it), with its coordinates written out. Without map tiles the coordinates are
 * listed instead; an address that is not a position on earth (or the 999 placeholder) says so.
 */
import { Alert, Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router';
import { displayCoordinate } from '@meridian/shared/geo';
import { showablePosition } from '@meridian/shared/ui/map-picker';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { MapPageFrame } from '../parts/map-page-frame';
import { AGENT_ACTIONS_PATH } from './agent-paths';
import { AGENT_TEXT } from './agent-text';

const numberOf = (text: string | undefined) => (text !== undefined && text.trim() !== '' ? Number(text) : Number.NaN);

export default function AgentLocationPage() {
  const navigate = useNavigate();
  const here = useLocation();
  const { lat, lng } = useParams();
  // Back where the user came from; a page opened on its own (a new tab) goes to the agent actions.
  const back = () => (here.key === 'default' ? void navigate(AGENT_ACTIONS_PATH) : void navigate(-1));
  const position = showablePosition(numberOf(lat), numberOf(lng));
  const coordinates = position ? `${displayCoordinate(position.lat)}, ${displayCoordinate(position.lng)}` : undefined;
  return (
    <MapPageFrame
      subtitle={
        coordinates && <Typography.Text copyable={{ text: coordinates }}>{`${AGENT_TEXT.coordinates}: ${coordinates}`}</Typography.Text>
      }
      actions={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {AGENT_TEXT.back}
        </Button>
      }
    >
      {position ? (
        <PointsMap
          points={[{ key: 'position', label: AGENT_TEXT.location, lat: position.lat, lng: position.lng }]}
          label={AGENT_TEXT.location}
          height="75vh"
        />
      ) : (
        <Alert type="warning" showIcon title={AGENT_TEXT.invalidPosition} />
      )}
    </MapPageFrame>
  );
}
