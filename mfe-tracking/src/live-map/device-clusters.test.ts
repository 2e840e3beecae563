import { itemAt, itemsInView, type DevicePoint } from './device-clusters';

const point = (id: string, x: number, y: number, status: DevicePoint['status'] = 'online'): DevicePoint => ({
  id,
  name: id,
  lat: y,
  lng: x,
  status,
  course: null,
  moving: false,
});
// Positions given directly in pixels: lat is y, lng is x.
const project = (lat: number, lng: number) => ({ x: lng, y: lat });
const box = { width: 800, height: 600 };

test('devices sharing a grid cell become one cluster with their count; a device alone stays a dot', () => {
  const items = itemsInView([point('a', 10, 10), point('b', 15, 14), point('c', 20, 12, 'offline'), point('d', 400, 300)], project, box, {
    cellPx: 56,
    clustering: true,
    selectedId: null,
  });
  expect(items).toContainEqual({ kind: 'cluster', x: 15, y: 12, count: 3, online: 2 });
  expect(items).toContainEqual(expect.objectContaining({ kind: 'device', id: 'd', x: 400, y: 300 }));
  expect(items).toHaveLength(2);
});

test('at close zoom every device is drawn on its own, the selected one last (on top), and devices out of view are left out', () => {
  const items = itemsInView([point('a', 10, 10), point('b', 12, 12), point('far', 5000, 10)], project, box, {
    cellPx: 56,
    clustering: false,
    selectedId: 'a',
  });
  expect(items.map((i) => (i.kind === 'device' ? `${i.id}${i.selected ? '*' : ''}` : 'cluster'))).toEqual(['b', 'a*']);
});

test('the selected device is never hidden in a cluster', () => {
  const items = itemsInView([point('a', 10, 10), point('b', 12, 12), point('c', 14, 14)], project, box, {
    cellPx: 56,
    clustering: true,
    selectedId: 'b',
  });
  expect(items).toContainEqual(expect.objectContaining({ kind: 'cluster', count: 2 }));
  expect(items.at(-1)).toEqual(expect.objectContaining({ kind: 'device', id: 'b', selected: true }));
});

test('a pointer finds the top-most item within its radius, and nothing in empty space', () => {
  const items = itemsInView([point('a', 100, 100), point('b', 300, 300)], project, box, { cellPx: 56, clustering: true, selectedId: null });
  expect(itemAt(items, 104, 98)).toEqual(expect.objectContaining({ id: 'a' }));
  expect(itemAt(items, 200, 200)).toBeNull();
});

test('10,000 devices in view are each drawn once, alone or counted in a cluster', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => point(`d${i}`, (i * 37) % 800, (i * 53) % 600));
  const items = itemsInView(many, project, box, { cellPx: 56, clustering: true, selectedId: null });
  expect(items.reduce((n, item) => n + (item.kind === 'cluster' ? item.count : 1), 0)).toBe(10_000);
});
