import type { RouteObject } from 'react-router';
import { areaScreenPaths } from '@meridian/shared/contract/areas/area';
import { salesArea } from '@meridian/shared/contract/areas/sales';
import type { RemoteState } from '@meridian/shared/module/loaded-modules';
import { patchUnavailableAreas } from './build-router';

const failed = (name: string, title: string): RemoteState => ({ name, title, status: 'failed', error: 'unreachable' });

describe('addresses of an area that could not load', () => {
  test('answer inside the main layout, once, for every screen of that area only', async () => {
    const patches: { parent: string; routes: RouteObject[] }[] = [];
    const patched = new Set<string>();
    const patch = (parent: string, routes: RouteObject[]) => patches.push({ parent, routes });

    await patchUnavailableAreas([failed('sales', 'Sales')], patch, patched);
    await patchUnavailableAreas([failed('sales', 'Sales')], patch, patched);

    expect(patches).toHaveLength(1);
    expect(patches[0]!.parent).toBe('main-layout');
    expect(patches[0]!.routes.map((r) => r.path)).toEqual(areaScreenPaths(salesArea));
    expect(patches[0]!.routes.map((r) => r.path)).toContain('/sales/leads');
  });

  test('leave a loaded area alone', async () => {
    const patches: RouteObject[][] = [];
    await patchUnavailableAreas(
      [{ name: 'sales', title: 'Sales', status: 'loaded', module: { id: 'sales', title: 'Sales', routes: [], permissions: [], menu: [] } }],
      (_parent, routes) => patches.push(routes),
      new Set(),
    );
    expect(patches).toHaveLength(0);
  });
});
